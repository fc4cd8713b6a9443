import type { OverlayToaster } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type FocusEvent, type RefObject } from 'react';
import { useBlocker, useLocation, useNavigate, type Blocker } from 'react-router-dom';
import { readonlyReasons } from '../../engine/explain/readonlyReasons';
import { codeByKey } from '../../engine/model/codeByKey';
import { compileForm } from '../../ui/form/compileForm';
import { localToday, type FormServices } from '../../ui/form/FormServices';
import type { Doc, ViewModelLike } from '../../ui/form/types';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { useProductWrites } from '../../api/hooks/useProductWrites';
import { useSession } from '../auth/SessionContext';
import { onSessionEnd } from '../auth/sessionEndHooks';
import { lostUpdateText } from '../../shared/lostUpdateText';
import { stashUnsavedProduct } from './unsavedProductStash';
import { newEditorId } from './newEditorId';
import { changeActions } from './changeActions';
import { editorOnlyBlocks, editorOnlyFields, hideFields } from './editorOnlyFields';
import { enteredHiddenDrops } from './enteredHiddenDrops';
import { sectionKey, sectionsOf, type EditorSection } from './editorSections';
import { productLookups } from './productLookups';
import type { ProductDocumentStore } from './productDocumentStore';
import { createProductEditorController, type EditorState, type ProductEditorController, type ToastIntent } from './productEditorController';
import { markRequired } from './markRequired';
import { shellDocReader, type ProductShellDoc } from './productShellDoc';
import { refusalStyles } from './refusalStyles';
import { starlessFor, withoutStars } from './requiredForAction';
import { buttonPlan, initialStatuses, statusButtons, type ButtonPlan, type ScreenKind, type StatusButton } from './statusButtons';
import type { ProductEngine } from './useProductEngine';
import type { MoveAndDeleteCalls } from './widgets/MoveAndDeleteDialog';
import type { ProductEditor } from './widgets/ProductEditorContext';
import { productEntries } from './widgets/productEntries';
import { loadAllowedSectors } from './widgets/SectorChainsWidget';

export interface ProductEditorModel {
  controller: ProductEditorController;
  state: EditorState;
  /** The product values the frame reads (the form subscribes to the whole document itself). */
  doc: ProductShellDoc;
  store: ProductDocumentStore;
  /** The view model's blocks (the engine keeps the record while no block changes). */
  blocks: ViewModelLike['blocks'];
  /** The view model as drawn: editor-only fields hidden, stars only for the button at hand. */
  showViewModel: (vm: ViewModelLike) => ViewModelLike;
  plan: ButtonPlan;
  buttons: readonly StatusButton[];
  productId: number | undefined;
  deleted: boolean;
  sections: EditorSection[];
  hiddenSections: EditorSection[];
  /** Top-level editor-state blocks the form leaves to their dialogs. */
  dialogBlocks: readonly string[];
  /** What the product widgets read (ProductEditorContext). */
  editor: ProductEditor;
  services: FormServices;
  isProductAdmin: boolean;
  /** The product is direct mail (media channel key direct_mail): its upload is the scanned piece. */
  directMail: boolean;
  /** Why Move and delete cannot apply to this product (001 §2), empty when it can. */
  moveBlocked: readonly string[];
  /** Every action is disabled while an upload or a save runs (001 §4). */
  disabled: boolean;
  moveCalls: MoveAndDeleteCalls;
  /** Asks before discarding unsaved changes (Cancel, a link, Back). */
  blocker: Blocker;
  toaster: RefObject<OverlayToaster | null>;
  onBlurCapture: (e: FocusEvent) => void;
}

/** The move-and-delete dialog's block: its `readonly` rules say where the action cannot apply. */
const MOVE_BLOCK = 'move_and_delete';
const MEDIA_CHANNEL_TABLE = 'codes/media_channel';

/** The product editor's controller bound to React and the router: state, data and actions for the views. */
export function useProductEditorController(pe: ProductEngine, kind: ScreenKind, store: ProductDocumentStore): ProductEditorModel {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const api = usePortalApi();
  const writes = useProductWrites();
  // This load of the editor, named with each save, status action and upload: the same user's other tab is told apart.
  const [editorId] = useState(newEditorId);
  const lookups = useMemo(() => productLookups(api.products, editorId), [api, editorId]);
  const moveCalls = useMemo<MoveAndDeleteCalls>(() => ({ lookup: api.products.moveLookup, validate: api.products.moveValidate, confirm: writes.moveConfirm }), [api, writes]);
  const toaster = useRef<OverlayToaster | null>(null);
  const locationRef = useRef(location);
  locationRef.current = location;
  const buttons = useMemo(() => statusButtons(pe.engine), [pe.engine]);
  const notify = useCallback((msg: ReactNodeLike, intent: ToastIntent = 'primary', timeout = 5000) => {
    toaster.current?.show({ message: msg, intent, timeout });
  }, []);
  const [controller] = useState(() =>
    createProductEditorController({
      store,
      buttons,
      hiddenDrops: (doc) => enteredHiddenDrops(pe.engine, doc),
      text: (key) => lostUpdateText(pe.files, key),
      api: { ...writes, save: (d) => writes.save(d, editorId), status: (id, action, d) => writes.status(id, action, d, editorId) },
      notify,
      navigate: (to, opts) => void navigate(to, opts),
      location: () => locationRef.current,
      closeWindow: () => {
        if (window.opener) window.close();
      },
      initialMessage: (location.state as { message?: string } | null)?.message ?? null,
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // The frame renders when what it shows changes, not on every edit (the form subscribes itself).
  const doc = useSyncExternalStore(store.subscribe, useMemo(() => shellDocReader(store), [store]));
  const blocks = useSyncExternalStore(store.subscribe, () => store.getViewModel().blocks);

  const onChangeChecks = useMemo(() => changeActions(pe.engine), [pe.engine]);
  const refusals = useMemo(() => refusalStyles(pe.engine), [pe.engine]);
  const hidden = useMemo(() => editorOnlyFields(pe.blocks, productEntries), [pe.blocks]);
  const editorBlocks = useMemo(() => editorOnlyBlocks(pe.blocks), [pe.blocks]);
  // 001 §4 / docs/decisions/editor-texts.md: a deleted product is read-only until an administrator restores it,
  // so it is drawn in read mode (as the summary, editor-only child blocks hidden).
  const deleted = Number(doc.is_deleted) === 1;
  const initial = useMemo(() => initialStatuses(pe.engine), [pe.engine]);
  const directMailChannel = useMemo(() => codeByKey(pe.engine.model, MEDIA_CHANNEL_TABLE, 'direct_mail'), [pe.engine]);
  // Stable while the values it reads are (not the frame's whole document, which a channel switch
  // changes), so the memoised header and action buttons skip the frame's re-renders.
  const { product_id: planId, product_status: planStatus, is_deleted: planDeleted } = doc;
  const plan = useMemo(() => buttonPlan(kind, { product_id: planId, product_status: planStatus, is_deleted: planDeleted }, initial), [kind, planId, planStatus, planDeleted, initial]);
  // Stars mark what the button at hand requires: Approve on a stored product, else Submit/Update.
  const starAction = plan.statusActions ? 'approve' : 'save';
  const starless = useMemo(() => starlessFor(pe.engine, starAction), [pe.engine, starAction]);
  const requiredRules = useMemo(() => new Set(pe.engine.rules.filter((r) => r.kind === 'required').map((r) => r.id)), [pe.engine]);
  const showViewModel = useMemo(() => {
    // The shown fields are made again only when the engine's fields or errors change: an edit the
    // engine answers with the same records keeps them, so the form's store compares no field state
    // (hideFields copied every entry at each keystroke).
    let last: { fields: ViewModelLike['fields']; required: string; shown: ViewModelLike['fields'] } | null = null;
    return (vm: ViewModelLike) => {
      // The errors list is new at each evaluation; markRequired reads only its required rules' entries.
      let required = '';
      for (const e of (vm.errors ?? []) as ReadonlyArray<{ rule: string; field: string }>) if (requiredRules.has(e.rule)) required += `${e.rule}\u0000${e.field}\u0000`;
      if (!last || last.fields !== vm.fields || last.required !== required) last = { fields: vm.fields, required, shown: markRequired(withoutStars(hideFields(vm, hidden), starless), requiredRules).fields };
      const base = { ...vm, fields: last.shown };
      if (!deleted) return base;
      const shownBlocks = { ...base.blocks };
      for (const id of editorBlocks.child) shownBlocks[id] = { ...shownBlocks[id], visible: false };
      return { ...base, blocks: shownBlocks };
    };
  }, [hidden, deleted, starless, editorBlocks, requiredRules]);
  const form = compileForm(pe.blocks, pe.codes);
  // Editor-only blocks are left out of the sections, so the drawn view model's blocks are the engine's here.
  const key = sectionKey(form, { blocks } as ViewModelLike, [...editorBlocks.top, ...editorBlocks.child]);
  const { shown: sections, hidden: hiddenSections } = useMemo(() => sectionsOf(form, key), [form, key]);
  const today = useMemo(() => localToday(), []);

  const change = useCallback(
    (path: string, value: unknown, next: Doc) => {
      store.change(path, value, next);
      const action = onChangeChecks.get(path);
      if (action) for (const p of store.check(action)) void controller.alert(p.message);
    },
    [store, onChangeChecks, controller],
  );

  const services = useMemo<FormServices>(() => {
    let users: Promise<Array<{ user_email: string; username?: string }>> | null = null;
    return {
      today,
      lookups: {
        users: async (text) => {
          users ??= lookups.users();
          const q = text.toLowerCase();
          return (await users)
            .filter((u) => u.user_email.toLowerCase().includes(q) || (u.username ?? '').toLowerCase().includes(q))
            .map((u) => ({ value: u.user_email, label: u.username ? `${u.username} <${u.user_email}>` : u.user_email }));
        },
      },
    };
  }, [today, lookups]);

  const editor = useMemo<ProductEditor>(
    () => ({
      getDoc: store.getDoc,
      update: store.update,
      check: store.check,
      refusal: (rule) => refusals.get(rule) ?? 'toast',
      block: (id) => {
        const b = store.getViewModel().blocks[id];
        return { visible: b?.visible !== false, readonly: b?.readonly === true, label: b?.label };
      },
      codes: pe.codes,
      lookups,
      notify,
      alert: controller.alert,
      confirm: controller.confirm,
      uploading: state.uploading,
      setUploading: controller.setUploading,
      today,
      subscribe: store.subscribe,
      // ViewModel is an interface without an index signature; the renderer's type is its structural subset.
      getViewModel: store.getViewModel as unknown as () => ViewModelLike,
      form: { blocks: pe.blocks, entries: productEntries, services },
      change,
    }),
    [store, pe, refusals, notify, controller, state.uploading, today, services, change, lookups],
  );

  useEffect(() => {
    loadAllowedSectors(editor).catch((e: unknown) => console.info('allowed sectors not loaded', e));
    // Once per product: reference data for the sector options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // Leaving with unsaved changes asks: inside the portal through the router, closing or reloading the tab through the browser.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => controller.mustAsk() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (controller.mustAsk()) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [controller]);

  // A session that ends on its own (expired, idle) unmounts the editor: its unsaved changes are kept
  // for this user's sign-in that follows, which leads back to this address.
  const username = session.role?.username;
  useEffect(
    () =>
      onSessionEnd(() => {
        if (!username || !controller.mustAsk()) return;
        const { pathname, search } = locationRef.current;
        stashUnsavedProduct({ path: pathname + search, username, doc: store.getDoc(), base: store.getSaved(), at: Date.now() });
      }),
    [controller, store, username],
  );

  // The reasons are looked up when the block turns read-only (the same rules decide both).
  const moveReadonly = blocks[MOVE_BLOCK]?.readonly === true;
  const moveBlocked = useMemo(() => (moveReadonly ? readonlyReasons(pe.engine, store.getDoc(), MOVE_BLOCK) : []), [moveReadonly, pe.engine, store]);

  const productId = doc.product_id === undefined || doc.product_id === null ? undefined : Number(doc.product_id);
  const onBlurCapture = useCallback(
    (e: FocusEvent) => {
      // 001 §5: the headline's duplicate check runs on blur.
      const target = e.target as HTMLInputElement;
      if (target.id !== 'product_headline' || !target.value.trim()) return;
      lookups.headlineDuplicate(target.value.trim(), productId).then(
        (dup) => dup && void controller.alert(dup),
        (err: unknown) => console.info('headline check failed', err),
      );
    },
    [controller, productId, lookups],
  );

  return {
    controller,
    state,
    doc,
    store,
    blocks: blocks as ViewModelLike['blocks'],
    showViewModel,
    plan,
    buttons,
    productId,
    deleted,
    sections,
    hiddenSections,
    dialogBlocks: editorBlocks.top,
    editor,
    services,
    isProductAdmin: !!session.role?.modules.some((m) => m.module_key === 'product' && (m.operations.includes('admin') || m.operations.includes('*'))),
    directMail: doc.media_channel === directMailChannel,
    moveBlocked,
    disabled: state.uploading || state.busy,
    moveCalls,
    blocker,
    toaster,
    onBlurCapture,
  };
}

type ReactNodeLike = Parameters<ProductEditor['notify']>[0];
