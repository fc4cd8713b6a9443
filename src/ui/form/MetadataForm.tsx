import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { defaultEntries, unknownEntry } from '../registry/defaultEntries';
import type { RegistryEntry } from '../registry/fieldRegistry';
import { BlockView } from './BlockView';
import { BLOCKS_DRAWN_EVENT } from './blocksDrawnEvent';
import { compileForm } from './compileForm';
import { createFormStore, type Evaluator, type FormStore } from './formStore';
import { FormServicesContext, type FormServices } from './FormServices';
import { RegistryContext, type RegistryValue } from './RegistryContext';
import type { BlockSchema, CodeTables, Doc, FormMode, ViewModelLike } from './types';
import { openWhyOnKey } from '../why/whyKey';
import './form.css';

export interface MetadataFormProps {
  /** Block schemas (`schemas/product/sections|sectors/*.json`), in any order. Keep the array stable. */
  blocks: readonly BlockSchema[];
  /** Code tables by `$id`. Keep the object stable. */
  codes: CodeTables;
  /** The engine's view model for `document`; the form only reads it. */
  viewModel?: ViewModelLike;
  /**
   * Optional: the engine call (e.g. `(doc, path) => { const vm = engine.evaluateIncremental(prev, doc, [path]);
   * return { viewModel: vm, document: vm.document } }`). When given, the form runs it on each edit
   * and applies the result itself, so a keystroke renders only the affected fields and the screen
   * need not re-render; `viewModel`/`document` props then only matter when they change from outside.
   */
  evaluate?: Evaluator;
  /** The document shown; treated as controlled (pass back what `onChange` gave you). */
  document: Doc;
  /**
   * Optional: where `document` and `viewModel` come from, followed as it changes. The form's store
   * takes each change inside the source's own notification, so the fields it changes render in the
   * same commit as the source's other subscribers (through the props, a layout effect fed the store
   * after the commit, and the fields drew in a second one). `getViewModel` must return the object
   * passed as `viewModel` for the same state (the props then change nothing).
   */
  source?: FormSource;
  /** A user edit: the path, its new value, and the whole next document. Need not be stable. */
  onChange?: (path: string, value: unknown, next: Doc) => void;
  mode?: FormMode;
  /** Only these block ids (top-level), e.g. to place a section on its own. */
  include?: readonly string[];
  /** All but these block ids (top-level). */
  exclude?: readonly string[];
  /** Extra registry entries (ranked together with the defaults). Keep the array stable. */
  entries?: readonly RegistryEntry[];
  /** Lookups for pickers and today's date. Keep the object stable. */
  services?: FormServices;
  /**
   * Draw only the first this many visible top-level blocks in the first commit and the others after
   * the first paint (a transition), so a long form's top is on screen sooner. Until then the form
   * is at least a screen tall, so what follows it is below the fold and does not move in view.
   * Read on mount only.
   */
  firstBlocks?: number;
}

const NO_SERVICES: FormServices = { lookups: {} };

/** A document store the form follows (MetadataFormProps.source). */
export interface FormSource {
  subscribe(listener: () => void): () => void;
  getDocument(): Doc;
  getViewModel(): ViewModelLike | undefined;
}

/**
 * Draws metadata blocks in `x-block.order` through the field registry, in edit or read mode.
 * The document and view model live in a store with per-path subscriptions, so a keystroke renders
 * only the field it changed (and fields whose view-model entry changed).
 */
export function MetadataForm(props: MetadataFormProps) {
  const { blocks, codes, viewModel, document, source, onChange, evaluate, mode = 'edit', include, exclude, entries, services, firstBlocks } = props;
  const model = compileForm(blocks, codes);
  const modelRef = useRef(model);
  modelRef.current = model;
  const storeRef = useRef<FormStore | null>(null);
  if (!storeRef.current) storeRef.current = createFormStore(document, viewModel, (path) => modelRef.current.fields.get(path)?.blockId);
  const store = storeRef.current;

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const evaluateRef = useRef(evaluate);
  evaluateRef.current = evaluate;

  useLayoutEffect(() => {
    store.setChangeHandler((path, value, next) => onChangeRef.current?.(path, value, next));
  }, [store]);
  const hasEvaluate = !!evaluate;
  useLayoutEffect(() => {
    store.setEvaluator(hasEvaluate ? (doc, path) => evaluateRef.current!(doc, path) : undefined);
  }, [store, hasEvaluate]);
  useLayoutEffect(() => store.setDocument(document), [store, document]);
  useLayoutEffect(() => store.setViewModel(viewModel), [store, viewModel]);
  useLayoutEffect(() => {
    if (!source) return;
    const follow = () => {
      store.setDocument(source.getDocument());
      store.setViewModel(source.getViewModel());
    };
    // A change between this form's render and now (none is expected) is taken at once.
    follow();
    return source.subscribe(follow);
  }, [store, source]);

  const registry = useMemo<RegistryValue>(
    () => ({ entries: entries ? [...entries, ...defaultEntries] : defaultEntries, fallback: unknownEntry }),
    [entries],
  );
  // Callers often pass inline arrays; key the filter on their contents, not identity.
  const includeKey = include?.join(',');
  const excludeKey = exclude?.join(',');
  const shown = useMemo(() => {
    const inc = includeKey?.split(',');
    const exc = excludeKey?.split(',');
    return model.blocks.filter((b) => (!inc || inc.includes(b.id)) && !exc?.includes(b.id));
  }, [model, includeKey, excludeKey]);
  const [first] = useState(firstBlocks);
  const [all, setAll] = useState(first === undefined);
  const root = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (all) return;
    // requestAnimationFrame runs before the first paint; the task after it, once that frame is drawn.
    let task = 0;
    const frame = requestAnimationFrame(() => (task = window.setTimeout(() => startTransition(() => setAll(true)))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [all]);
  useLayoutEffect(() => {
    if (all && first !== undefined) root.current?.dispatchEvent(new Event(BLOCKS_DRAWN_EVENT, { bubbles: true }));
  }, [all, first]);
  const drawn = useMemo(() => {
    if (all) return shown;
    let visible = 0;
    return shown.filter((b) => store.isBlockVisible(b.id) && visible++ < first!);
  }, [all, shown, store, first]);
  return (
    <RegistryContext.Provider value={registry}>
      <FormServicesContext.Provider value={services ?? NO_SERVICES}>
        <div ref={root} className={`portal-metadata-form portal-metadata-form-${mode}${all ? '' : ' portal-metadata-form-drawing'}`} onKeyDown={openWhyOnKey}>
          {drawn.map((b) => (
            <BlockView key={b.id} block={b} store={store} mode={mode} />
          ))}
        </div>
      </FormServicesContext.Provider>
    </RegistryContext.Provider>
  );
}
