import { ProductRefusedError } from '../../api/client/ProductRefusedError';
import type { StatusActionName } from '../../api/products';
import type { HiddenDrop as EngineHiddenDrop } from '../../engine';
import type { Doc } from '../../ui/form/types';
import { ApiError } from '../../api/client/ApiError';
import { lostUpdateCode } from '../../shared/lostUpdateCode';
import type { LostUpdateKey } from '../../shared/lostUpdateText';
import { cancelTarget } from './cancelTarget';
import { mergeOwnChanges } from './mergeOwnChanges';
import type { ProductDocumentStore } from './productDocumentStore';
import { NO_PERMISSION } from './productScreenText';
import { checkRuleActions, type StatusButton } from './statusButtons';
import type { ConfirmOptions, Problem } from './widgets/ProductEditorContext';

export type EditorModal =
  | { kind: 'alert'; message: string }
  | { kind: 'confirm'; opts: ConfirmOptions }
  | { kind: 'problems'; title: string; problems: Problem[]; notes?: string[]; asks: boolean };

export type EditorDialog = 'move' | 'send' | 'log';

export interface EditorState {
  modal: EditorModal | null;
  dialog: EditorDialog | null;
  busy: boolean;
  uploading: boolean;
  /** The post-submit message (001 §2). */
  message: string | null;
  denied: boolean;
  /** A field to scroll to and focus (a refused action's first failing field, or the one chosen in its dialog). */
  focus: { path: string; seq: number } | null;
}

export type ToastIntent = 'danger' | 'warning' | 'success' | 'primary';

/** The calls a save and a delete make (useProductWrites; a fake in unit tests): a save answers the product as stored. */
export interface EditorApi {
  save(doc: Doc): Promise<Doc>;
  /** The product as stored now (a reload after another user's change). */
  load?(id: number): Promise<Doc>;
  status(id: number, action: StatusActionName, doc: Doc): Promise<Doc>;
  softDelete(id: number, indexName: string): Promise<{ message: string }>;
}

/** Values a save empties because their section is hidden (the engine's `listHiddenDrops`, as far as the editor reads it). */
export type HiddenDrop = Pick<EngineHiddenDrop, 'label' | 'count'>;

/** 'Delivery: 5 values will be cleared' (issue 27 item 1). */
export function hiddenDropNote(drop: HiddenDrop): string {
  return `${drop.label}: ${drop.count} ${drop.count === 1 ? 'value' : 'values'} will be cleared`;
}

export interface EditorControllerDeps {
  store: ProductDocumentStore;
  /** What saving `doc` would empty, per hidden section. */
  hiddenDrops?(doc: Doc): HiddenDrop[];
  buttons: readonly StatusButton[];
  /** The editor's words about a refused save over a later change, from the rule file an analyst words them in. */
  text(key: Exclude<LostUpdateKey, 'lostUpdate'>): string;
  api: EditorApi;
  notify(message: string, intent?: ToastIntent, timeoutMs?: number): void;
  navigate(to: string, opts?: { replace?: boolean; state?: unknown }): void;
  /** The current route, read when a save of a new product moves to the stored product's URL. */
  location(): { pathname: string; search: string };
  /** Closes the window when another one opened it (001 §4: after a delete "the window closes"). */
  closeWindow?(): void;
  /** The post-submit message carried over a navigation. */
  initialMessage?: string | null;
}

export interface ProductEditorController {
  getState(): EditorState;
  subscribe(listener: () => void): () => void;
  alert(message: string): Promise<void>;
  confirm(opts: ConfirmOptions): Promise<boolean>;
  /** The answer to the open modal (OK/Continue true, Cancel/close false). */
  answer(ok: boolean): void;
  /** From a refusal's dialog: closes it and goes to that field. */
  goTo(path: string): void;
  openDialog(dialog: EditorDialog | null): void;
  setUploading(running: boolean): void;
  /** Submit/Update ('save') or a status action: the rules' checks, warnings to confirm, the save. */
  run(action: 'save' | StatusActionName): Promise<void>;
  /** Soft delete after confirmation (001 §4). */
  remove(): Promise<void>;
  /** Cancel (001 §2): to the listing; unsaved changes are asked about on the way out. */
  cancel(): void;
  /** Leaves without asking (the product was deleted or moved: nothing left to lose). */
  leave(to: string): void;
  /** Whether leaving now must ask first: unsaved changes, and not a leave() under way. */
  mustAsk(): boolean;
}

/**
 * The product editor's state and actions without React (react-admin's controller idea): the hook
 * `useProductEditorController` binds it to the router and the page; views only read its state.
 */
export function createProductEditorController(deps: EditorControllerDeps): ProductEditorController {
  const { store, buttons, api, notify, navigate } = deps;
  let state: EditorState = { modal: null, dialog: null, busy: false, uploading: false, message: deps.initialMessage ?? null, denied: false, focus: null };
  let pending: ((ok: boolean) => void) | null = null;
  let chosen: string | null = null;
  let focusSeq = 0;
  let leaving = false;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<EditorState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  const ask = (modal: EditorModal) =>
    new Promise<boolean>((resolve) => {
      pending = resolve;
      set({ modal });
    });
  const productId = () => {
    const id = store.getDoc().product_id;
    return id === undefined || id === null || id === '' ? undefined : Number(id);
  };
  /** Shows a refusal; afterwards focus goes to the field chosen in it, else to the first one. */
  const refuse = async (title: string, problems: Problem[]) => {
    chosen = null;
    await ask({ kind: 'problems', title, problems, asks: false });
    const path = chosen ?? problems.find((p) => p.field)?.field;
    if (path) set({ focus: { path, seq: ++focusSeq } });
  };
  const leave = (to: string) => {
    leaving = true;
    navigate(to);
  };

  const controller: ProductEditorController = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    alert: (message) => ask({ kind: 'alert', message }).then(() => undefined),
    confirm: (opts) => ask({ kind: 'confirm', opts }),
    answer(ok) {
      const resolve = pending;
      pending = null;
      set({ modal: null });
      resolve?.(ok);
    },
    goTo(path) {
      chosen = path;
      controller.answer(false);
    },
    openDialog: (dialog) => set({ dialog }),
    setUploading: (uploading) => set({ uploading }),

    async run(action) {
      const rules = buttons.find((b) => b.action === action)?.rules ?? [action];
      const problems = checkRuleActions((a) => store.check(a), rules);
      if (problems.length) {
        // The failing fields stay marked (the view model's errors for this action) until a save succeeds.
        store.setAction([...rules].reverse().find((a) => store.check(a).length) ?? action);
        await refuse('Please correct the following before saving', problems);
        return;
      }
      // Warnings to confirm, and what the save clears from hidden sections (kept until now).
      const warnings = [
        ...checkRuleActions((a) => store.warnings(a), rules).map((w) => w.message),
        ...(deps.hiddenDrops?.(store.getDoc()) ?? []).map(hiddenDropNote),
      ];
      if (warnings.length && !(await ask({ kind: 'problems', title: 'Please confirm before saving', problems: [], notes: warnings, asks: true }))) return;
      const id = productId();
      set({ busy: true });
      try {
        const current = store.getDoc();
        const saved = action === 'save' || id === undefined ? await api.save(current) : await api.status(id, action, current);
        store.reset(saved);
        const savedId = String(saved.product_id);
        const status = buttons.find((b) => b.action === action)?.statusTitle;
        const done = `Product ${savedId} has been ${action === 'save' ? 'saved' : `saved with status ${status}`}.`;
        set({ message: done });
        notify(`Product ${savedId} saved`, 'success');
        if (id === undefined) {
          const { pathname, search } = deps.location();
          const q = new URLSearchParams(search);
          q.set('product_id', savedId);
          navigate(`${pathname}?${q.toString()}`, { replace: true, state: { message: done, savedProductId: savedId } });
        }
      } catch (e) {
        if (e instanceof ProductRefusedError) await refuse('The server refused the save', e.errors);
        else if (e instanceof ApiError && e.status === 403) {
          set({ denied: true });
          notify(NO_PERMISSION, 'danger');
        } else if (e instanceof ApiError && e.code === lostUpdateCode && id !== undefined && api.load) {
          // Another user's later change (the server's words): their copy with this editor's changes drawn over it, or keep editing this one.
          const reload = await controller.confirm({ message: `${e.message} ${deps.text('lostUpdateQuestion')}`, confirmText: deps.text('lostUpdateLoad'), cancelText: deps.text('lostUpdateKeep') });
          if (reload) {
            const theirs = await api.load(id);
            const merged = mergeOwnChanges(store.getSaved(), store.getDoc(), theirs);
            store.reset(theirs);
            store.drawOver(merged);
            notify(deps.text('lostUpdateLoaded'), 'primary');
          }
        } else if (e instanceof ApiError && e.status === 409) {
          // An archived product: a dialog, not a toast that fades while the edits stay unsaved.
          await controller.alert(e.message);
        } else notify(e instanceof Error ? e.message : String(e), 'danger');
      } finally {
        set({ busy: false });
      }
    },

    async remove() {
      const id = productId();
      if (id === undefined) return;
      const ok = await controller.confirm({ message: 'Are you sure you want to delete this product?', confirmText: 'Delete', cancelText: 'Cancel', intent: 'danger' });
      if (!ok) return;
      const doc = store.getDoc();
      try {
        const r = await api.softDelete(id, String(doc.index_name ?? `products_${new Date().getFullYear()}`));
        notify('Product Deleted', 'success');
        await controller.alert(r.message);
        deps.closeWindow?.();
        leave(cancelTarget(doc.ec_content_type));
      } catch (e) {
        notify(e instanceof Error ? e.message : String(e), 'danger');
      }
    },

    cancel: () => navigate(cancelTarget(store.getDoc().ec_content_type)),
    leave,
    mustAsk: () => !leaving && store.isDirty(),
  };
  return controller;
}
