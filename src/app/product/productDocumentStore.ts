import { changedPaths } from './changedPaths';
import type { Engine, ViewModel } from '../../engine';
import { transientPaths } from '../../engine/model/transientPaths';
import type { Doc } from '../../ui/form/types';
import { sameProduct } from './sameProduct';
import { shareUnchanged } from './shareUnchanged';
import type { Problem } from './widgets/ProductEditorContext';

/**
 * The product being edited and its view model, outside React state so widgets subscribe to what
 * they read. Every edit is evaluated by the engine with `$prev` (derive rules), and the document
 * becomes the engine's (derived values applied). Values of hidden `clear` fields stay until the
 * save (they come back when their block does); checks for an action see the document as a save
 * stores it, and `listHiddenDrops` says what that save empties.
 */
export interface ProductDocumentStore {
  getDoc(): Doc;
  getViewModel(): ViewModel;
  subscribe(listener: () => void): () => void;
  /** A user edit in the form (one path changed). */
  change(path: string, value: unknown, next: Doc): void;
  update(fn: (doc: Doc) => Doc): void;
  /** Replace the document (a load or the answer to a save): evaluated without `$prev` and without an action, the new reference for isDirty. */
  reset(doc: Doc): void;
  /** True when the product would be stored differently from the one loaded or last saved (editor state aside). */
  isDirty(): boolean;
  /** The product as loaded or last saved: the reference isDirty compares with. */
  getSaved(): Doc;
  /** Draws `doc` as a load (no `$prev`: no edit effect runs), keeping the reference: changes made elsewhere, shown as unsaved. */
  drawOver(doc: Doc): void;
  /**
   * The action the view model's errors are for (null: none, the default): after a refused Approve,
   * its failing fields stay marked, and each edit updates the marks, until a save succeeds.
   */
  setAction(action: string | null): void;
  check(action: string, doc?: Doc): Problem[];
  /** The warning rules (`severity: "warning"`) that fail for this action: confirmed before saving, never refused. */
  warnings(action: string): Problem[];
}

/**
 * `unsaved`: changes kept when the session ended (unsavedProductStash), drawn over `initial` as a
 * load (no `$prev`, so no edit effect runs again); `initial` stays the reference for isDirty.
 */
export function createProductDocumentStore(engine: Engine, initial: Doc, unsaved?: Doc): ProductDocumentStore {
  const keepHiddenValues = true;
  let vm = engine.evaluate(initial, { keepHiddenValues });
  let saved = vm.document as Doc;
  if (unsaved) vm = engine.evaluate(unsaved, { keepHiddenValues });
  let doc = vm.document as Doc;
  const editorState = transientPaths(engine.model);
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  let action: string | null = null;
  // The last evaluation each action's check ran: the next check of that action re-runs only the
  // rules reading what differs from the document it ended with (an Add's probe differs by a list
  // and a draft), not all of them.
  const checked = new Map<string, ViewModel>();
  const evaluateFor = (checkAction: string, probe: Doc): ViewModel => {
    const last = checked.get(checkAction);
    const changed = last ? changedPaths(last.document, probe) : null;
    const result = last && changed ? engine.evaluateIncremental(last, probe, changed, { action: checkAction }) : engine.evaluate(probe, { action: checkAction });
    checked.set(checkAction, result);
    return result;
  };

  const apply = (next: Doc, prev: Doc | null, changed?: string[] | null) => {
    // Known changed paths: re-run only the rules reading them; anything else gets a full evaluation.
    vm = changed && prev ? engine.evaluateIncremental(vm, next, changed, { prev, action, keepHiddenValues }) : engine.evaluate(next, prev ? { prev, action, keepHiddenValues } : { action, keepHiddenValues });
    doc = vm.document as Doc;
    emit();
  };

  return {
    getDoc: () => doc,
    getViewModel: () => vm,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change(path, _value, next) {
      apply(next, doc, [path]);
    },
    update(fn) {
      // A widget's edit of several paths (a list and its emptied draft): incremental over the paths
      // it changed (documents are copy-on-write), so Add or Save Promotion is not a full evaluation.
      const next = fn(doc);
      apply(next, doc, changedPaths(doc, next));
    },
    reset(next) {
      action = null;
      // The server's copy shares what it did not change, so the form redraws only the fields that did.
      apply(shareUnchanged(doc, next), null);
      saved = doc;
    },
    setAction(next) {
      if (next === action) return;
      action = next;
      // Not an edit: the document is its own `$prev`, so edit effects do not run again.
      apply(doc, doc);
    },
    isDirty: () => doc !== saved && !sameProduct(doc, saved, editorState),
    getSaved: () => saved,
    drawOver(next) {
      apply(shareUnchanged(doc, next), null);
    },
    check(action, probe) {
      return evaluateFor(action, probe ?? doc).errors.map((e) => ({ rule: e.rule, field: e.field, message: e.message }));
    },
    warnings(action) {
      return evaluateFor(action, doc).warnings.map((e) => ({ rule: e.rule, field: e.field, message: e.message }));
    },
  };
}
