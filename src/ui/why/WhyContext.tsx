import { createContext, useCallback, useContext, useRef, type ReactNode } from 'react';
import type { Engine } from '../../engine/evaluate/Engine';
import type { Explanation } from '../../engine/explain/Explanation';

/** Explains a field path or block id of the document being edited. */
export type Explain = (target: string) => Explanation;

const WhyContext = createContext<Explain | null>(null);

interface WhyProviderProps {
  /** The engine the editor already runs in the browser (the server runs the same metadata). */
  engine: Pick<Engine, 'explain'>;
  /** The document explained, or `getDocument` to read the latest when asked (a parent that does not render per edit). */
  document?: unknown;
  getDocument?: () => unknown;
  /** The action errors are shown for (save, approve, ...); none shows visibility and required only. */
  action?: string;
  children: ReactNode;
}

/** Lets every `<WhyButton>` below explain against the current document without prop drilling. */
export function WhyProvider({ engine, document, getDocument, action, children }: WhyProviderProps) {
  // Explanations run only when a Why? popover opens, against the latest document. The callback stays
  // stable across edits so a keystroke does not re-render every Why? button in the form.
  const latest = useRef(getDocument ?? (() => document));
  latest.current = getDocument ?? (() => document);
  const explain = useCallback<Explain>((target) => engine.explain(latest.current(), target, { action }), [engine, action]);
  return <WhyContext.Provider value={explain}>{children}</WhyContext.Provider>;
}

export function useExplain(): Explain | null {
  return useContext(WhyContext);
}
