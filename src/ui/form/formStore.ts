import { sameFieldState, toFieldState, type FieldState } from './fieldState';
import { getAt, setAt } from './pathValue';
import type { Doc, ViewModelLike } from './types';

type Listener = () => void;

const labelOf = (vm: ViewModelLike | null | undefined, id: string): string | undefined => {
  const label = vm?.blocks?.[id]?.label;
  return label ? label : undefined;
};

/**
 * The document and view model outside React state, with one subscription per path, so a keystroke
 * re-renders only the field whose value or view-model entry changed (useSyncExternalStore per field).
 */
export interface FormStore {
  getDocument(): Doc;
  getValue(path: string): unknown;
  getField(path: string): FieldState;
  isBlockVisible(id: string): boolean;
  /** The block's label from the view model (`label` rules), or undefined for its own title. */
  blockLabel(id: string): string | undefined;
  /** A stable subscribe function for one path (value and field state) or one block (`block:<id>`). */
  subscriber(key: string): (listener: Listener) => () => void;
  /** A user edit: updates the document, notifies the changed paths, then calls the change handler. */
  change(path: string, value: unknown): void;
  /** Mirror a document given from outside (e.g. after derived values); notifies changed paths only. */
  setDocument(doc: Doc): void;
  setViewModel(vm: ViewModelLike | undefined): void;
  setChangeHandler(handler: ((path: string, value: unknown, doc: Doc) => void) | undefined): void;
  /** Runs the engine inside `change`, so an edit and its view model land in one render of the affected fields. */
  setEvaluator(evaluate: Evaluator | undefined): void;
  getViewModel(): ViewModelLike | undefined;
}

/** The engine call behind `MetadataForm`'s `evaluate` prop: the edited document (and path) in, view model out. */
export type Evaluator = (doc: Doc, changedPath: string) => { viewModel: ViewModelLike; document?: Doc };

/**
 * `blockOf` names the block a field path is drawn in. While that block is hidden its fields keep
 * their last state (the view model hides them with it), so the block stays drawn, hidden, and
 * showing it again renders nothing new; their states catch up when it shows.
 */
export function createFormStore(doc: Doc, vm?: ViewModelLike, blockOf?: (path: string) => string | undefined): FormStore {
  let document = doc;
  let onChange: ((path: string, value: unknown, doc: Doc) => void) | undefined;
  const listeners = new Map<string, Set<Listener>>();
  const subscribedPaths = new Set<string>();
  /** The raw view-model entry each cached field state came from (skip unchanged entries by reference). */
  const rawFields = new Map<string, unknown>();
  const subscribers = new Map<string, (l: Listener) => () => void>();
  const fieldStates = new Map<string, FieldState>();
  const blockVisible = new Map<string, boolean>();
  const blockLabels = new Map<string, string | undefined>();
  let viewModel = vm;
  let evaluator: Evaluator | undefined;

  const emit = (key: string) => listeners.get(key)?.forEach((l) => l());

  /** Subscribed paths as a tree of segments, so a document change walks only the changed branches. */
  interface PathNode {
    key?: string;
    children: Map<string, PathNode>;
  }
  const root: PathNode = { children: new Map() };
  const addPath = (key: string) => {
    let node = root;
    for (const seg of key === '' ? [] : key.split('.')) {
      let next = node.children.get(seg);
      if (!next) node.children.set(seg, (next = { children: new Map() }));
      node = next;
    }
    node.key = key;
  };
  // Copy-on-write documents: a subtree changed only if its object changed reference.
  const walk = (node: PathNode, a: unknown, b: unknown) => {
    if (a === b) return;
    if (node.key !== undefined) emit(node.key);
    for (const [seg, child] of node.children) {
      walk(
        child,
        a !== null && typeof a === 'object' ? (a as Record<string, unknown>)[seg] : undefined,
        b !== null && typeof b === 'object' ? (b as Record<string, unknown>)[seg] : undefined,
      );
    }
  };
  const applyDocument = (next: Doc) => {
    const prev = document;
    document = next;
    walk(root, prev, next);
  };

  return {
    getDocument: () => document,
    getValue: (path) => getAt(document, path),
    getField(path) {
      let state = fieldStates.get(path);
      if (!state) {
        const raw = viewModel?.fields?.[path];
        rawFields.set(path, raw);
        fieldStates.set(path, (state = toFieldState(raw)));
      }
      return state;
    },
    blockLabel(id) {
      if (!blockLabels.has(id)) blockLabels.set(id, labelOf(viewModel, id));
      return blockLabels.get(id);
    },
    isBlockVisible(id) {
      let v = blockVisible.get(id);
      if (v === undefined) blockVisible.set(id, (v = viewModel?.blocks?.[id]?.visible !== false));
      return v;
    },
    subscriber(key) {
      let sub = subscribers.get(key);
      if (!sub) {
        sub = (listener: Listener) => {
          let set = listeners.get(key);
          if (!set) listeners.set(key, (set = new Set()));
          if (!key.startsWith('block:') && !subscribedPaths.has(key)) {
            subscribedPaths.add(key);
            addPath(key);
          }
          set.add(listener);
          return () => {
            set.delete(listener);
          };
        };
        subscribers.set(key, sub);
      }
      return sub;
    },
    change(path, value) {
      let next = setAt(document, path, value);
      if (evaluator) {
        const result = evaluator(next, path);
        next = result.document ?? next;
        applyDocument(next);
        this.setViewModel(result.viewModel);
      } else applyDocument(next);
      onChange?.(path, value, next);
    },
    setDocument: applyDocument,
    getViewModel: () => viewModel,
    setEvaluator(fn) {
      evaluator = fn;
    },
    setViewModel(next) {
      if (next === viewModel) return;
      const prev = viewModel;
      viewModel = next;
      // The engine hands back the same records when no entry changed: most keystrokes end here.
      if (next?.fields !== prev?.fields) for (const [path, old] of fieldStates) {
        const raw = next?.fields?.[path];
        if (raw === rawFields.get(path)) continue;
        const block = blockOf?.(path);
        if (block !== undefined && next?.blocks?.[block]?.visible === false) continue;
        rawFields.set(path, raw);
        const state = toFieldState(raw);
        if (!sameFieldState(old, state)) {
          fieldStates.set(path, state);
          emit(path);
        }
      }
      if (next?.blocks !== prev?.blocks) for (const [id, old] of blockLabels) {
        const v = labelOf(next, id);
        if (v !== old) {
          blockLabels.set(id, v);
          emit(`block:${id}`);
        }
      }
      if (next?.blocks !== prev?.blocks) for (const [id, old] of blockVisible) {
        const v = next?.blocks?.[id]?.visible !== false;
        if (v !== old) {
          blockVisible.set(id, v);
          emit(`block:${id}`);
        }
      }
    },
    setChangeHandler(handler) {
      onChange = handler;
    },
  };
}
