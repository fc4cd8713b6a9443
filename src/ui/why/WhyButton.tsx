import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import { PlainButton } from '../plain/PlainButton';
import { memo, useRef, useState, type ReactNode } from 'react';
import type { Explanation } from '../../engine/explain/Explanation';
import { useExplain, type Explain } from './WhyContext';
import { WhyPanel } from './WhyPanel';
import { whyOpenedFrom } from './whyKey';

interface WhyButtonProps {
  /** Field path (`delivery.delivery_method`) or block id (`delivery`). */
  target: string;
  /** Overrides the explainer of the surrounding `<WhyProvider>`. */
  explain?: Explain;
  /** Where rule ids link to; default the rule catalogue. */
  ruleHref?: (ruleId: string) => string;
}

const catalogueHref = (id: string) => `/rules?q=${encodeURIComponent(id)}`;

/**
 * "Why?" (a small help icon) beside a field label or block title: opens the engine's explanation (which rule, which values) of why it
 * is hidden, required, read-only or invalid. The engine runs in the browser, on open only. Memoised: the
 * navigator's hidden entries and a block's head draw one each, and their parents re-render on every change.
 */
export const WhyButton = memo(function WhyButton({ target, explain, ruleHref = catalogueHref }: WhyButtonProps) {
  const fromContext = useExplain();
  const run = explain ?? fromContext;
  const [open, setOpen] = useState(false);
  // A form has one Why? per field: until the first open, a plain button in the popover's target
  // span (same DOM), so the first draw mounts no Blueprint popover (its hooks and layout reads).
  const [armed, setArmed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  /** The field F1 came from when the first open remounted the button (whyOpenedFrom keys the old one). */
  const pendingOrigin = useRef<HTMLElement | undefined>(undefined);
  let content: ReactNode = null;
  if (open && run) {
    let ex: Explanation | null = null;
    let failure = '';
    try {
      ex = run(target);
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
    }
    content = <div className="portal-why-popover">{ex ? <WhyPanel explanation={ex} ruleHref={ruleHref} /> : <p>Cannot explain {target}: {failure}</p>}</div>;
  }
  if (!run) return null;
  // Not a Tab stop (one Tab per field): the mouse, or F1 from the field (openWhyOnKey).
  const button = () => <Button ref={buttonRef} className="portal-why-button" variant="minimal" size="small" icon="help" title="Why? (F1 from the field)" aria-label={`Why? (${target})`} data-why-target={target} tabIndex={-1} />;
  if (!armed) {
    // Blueprint's Button markup drawn directly (PlainButton): ~60 on a new product's first draw.
    return (
      <span className={Classes.POPOVER_TARGET}>
        <PlainButton
          className="portal-why-button"
          minimal
          small
          icon="help"
          title="Why? (F1 from the field)"
          aria-label={`Why? (${target})`}
          data-why-target={target}
          tabIndex={-1}
          aria-expanded={false}
          aria-haspopup="menu"
          onClick={(e) => {
            pendingOrigin.current = whyOpenedFrom.get(e.currentTarget);
            setArmed(true);
            setOpen(true);
          }}
        />
      </span>
    );
  }
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      content={content ?? <span />}
      placement="bottom-start"
      lazy
      onClosed={() => {
        const current = buttonRef.current;
        const origin = (current && whyOpenedFrom.get(current)) ?? pendingOrigin.current;
        pendingOrigin.current = undefined;
        if (current) whyOpenedFrom.delete(current);
        origin?.focus();
      }}
    >
      {button()}
    </PopoverNext>
  );
});
