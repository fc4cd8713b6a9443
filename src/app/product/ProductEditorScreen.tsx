import { ProductWindowsMenu } from './ProductWindowsMenu';
import { useStickyBarHeight } from './useStickyBarHeight';
import { WhyButton } from '../../ui/why/WhyButton';
import { WhyProvider } from '../../ui/why/WhyContext';
import { Alert, Button, Callout, Intent, NonIdealState, OverlayToaster, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { StatusActionName } from '../../api/products';
import { localToday, type FormServices } from '../../ui/form/FormServices';
import { compileForm } from '../../ui/form/compileForm';
import { MetadataForm } from '../../ui/form/MetadataForm';
import { SectionNav } from '../../ui/form/SectionNav';
import type { Doc, ViewModelLike } from '../../ui/form/types';
import { ActivityLogDialog } from './widgets/ActivityLogDialog';
import { MoveAndDeleteDialog, type MoveAndDeleteCalls } from './widgets/MoveAndDeleteDialog';
import { ProblemsDialog } from './widgets/ProblemsDialog';
import { ProductEditorContext, type ConfirmOptions, type ProductEditor, type Problem } from './widgets/ProductEditorContext';
import { productEntries } from './widgets/productEntries';
import { loadAllowedSectors } from './widgets/SectorChainsWidget';
import { SendLinkDialog } from './widgets/SendLinkDialog';
import { ApiError } from '../auth/apiFetch';
import { useSession } from '../auth/SessionContext';
import { cancelTarget } from './cancelTarget';
import { changeActions } from './changeActions';
import { refusalStyles } from './refusalStyles';
import { editorOnlyBlocks, editorOnlyFields, hideFields } from './editorOnlyFields';
import { newProductDocument } from './newProductDocument';
import { starlessFor, withoutStars } from './requiredForAction';
import { DELETED_NOTICE, NO_PERMISSION, TEMP_CREATED } from './productScreenText';
import { httpProductLookups, productApi, ProductRefusedError } from './productApi';
import { createProductDocumentStore, type ProductDocumentStore } from './productDocumentStore';
import { buttonPlan, checkRuleActions, statusButtons, type ScreenKind } from './statusButtons';
import { useProductEngine, type ProductEngine } from './useProductEngine';
import { ProductEmailsSection } from '../dashboards/ProductEmailsSection';
import './product.css';


/**
 * /addproduct, /addproduct/v2/:muid?, /product/:muid?, /product/v2/:muid? (001 §2): the product
 * editor drawn from metadata. Query: channel_id, ec_content_type, product_status, and product_id
 * (a product without a muid).
 */
export function ProductEditorScreen({ kind }: { kind: ScreenKind }) {
  const pe = useProductEngine();
  const { muid } = useParams();
  const [query] = useSearchParams();
  const productId = query.get('product_id') ?? undefined;
  if (pe.status === 'loading') return <Spinner className="portal-product-loading" />;
  if (pe.status === 'error') return <NonIdealState icon="error" title="The product metadata could not be loaded" description={pe.message} />;
  return <LoadedEditor key={`${muid ?? ''}|${productId ?? ''}`} pe={pe} kind={kind} muid={muid} productId={productId} query={query} />;
}

type Load = { status: 'loading' } | { status: 'ready'; store: ProductDocumentStore } | { status: 'denied' } | { status: 'error'; message: string };

async function loadDocument(pe: ProductEngine, muid: string | undefined, productId: string | undefined, query: URLSearchParams): Promise<Doc> {
  if (productId) return productApi.byId(productId);
  if (muid) {
    try {
      return await productApi.byMuid(muid);
    } catch (e) {
      // A muid with no product yet (addproduct/v2/{muid} from an email): a new product for it.
      if (e instanceof ApiError && e.status === 404) return newProductDocument(pe.blocks, query, muid);
      throw e;
    }
  }
  return newProductDocument(pe.blocks, query);
}

function LoadedEditor({ pe, kind, muid, productId, query }: { pe: ProductEngine; kind: ScreenKind; muid?: string; productId?: string; query: URLSearchParams }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadDocument(pe, muid, productId, query).then(
      (doc) => live && setLoad({ status: 'ready', store: createProductDocumentStore(pe.engine, doc) }),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 403) setLoad({ status: 'denied' });
        else setLoad({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
    // The screen is keyed on muid and product id; the query is read once per load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pe]);
  if (load.status === 'loading') return <Spinner className="portal-product-loading" />;
  if (load.status === 'denied') return <p className="portal-no-permission">{NO_PERMISSION}</p>;
  if (load.status === 'error') return <NonIdealState icon="error" title="The product could not be loaded" description={load.message} />;
  return <Editor pe={pe} kind={kind} store={load.store} />;
}

type Modal =
  | { kind: 'alert'; message: string; resolve: () => void }
  | { kind: 'confirm'; opts: ConfirmOptions; resolve: (ok: boolean) => void }
  | { kind: 'problems'; title: string; problems: Problem[]; notes?: string[]; resolve?: (ok: boolean) => void };

function Editor({ pe, kind, store }: { pe: ProductEngine; kind: ScreenKind; store: ProductDocumentStore }) {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const doc = useSyncExternalStore(store.subscribe, store.getDoc);
  const vm = useSyncExternalStore(store.subscribe, store.getViewModel);
  const toaster = useRef<OverlayToaster | null>(null);
  const [modal, setModal] = useState<Modal | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<'move' | 'send' | 'log' | null>(null);
  // The post-submit message survives the navigation to the stored product's URL (which remounts the editor).
  const [message, setMessage] = useState<ReactNode>(() => (location.state as { message?: string } | null)?.message ?? null);
  const [denied, setDenied] = useState(false);
  const onChangeChecks = useMemo(() => changeActions(pe.engine), [pe.engine]);
  const refusals = useMemo(() => refusalStyles(pe.engine), [pe.engine]);
  const buttons = useMemo(() => statusButtons(pe.engine), [pe.engine]);
  const hidden = useMemo(() => editorOnlyFields(pe.blocks, productEntries), [pe.blocks]);
  const editorBlocks = useMemo(() => editorOnlyBlocks(pe.blocks), [pe.blocks]);
  // 001 §4 / docs/decisions/editor-texts.md: a deleted product is read-only until an administrator restores it,
  // so it is drawn in read mode (as the summary, editor-only child blocks hidden).
  const deleted = Number(doc.is_deleted) === 1;
  const plan = buttonPlan(kind, doc);
  // Stars mark what the button at hand requires: Approve on a stored product, else Submit/Update.
  const starAction = plan.statusActions ? 'approve' : 'save';
  const starless = useMemo(() => starlessFor(pe.engine, starAction), [pe.engine, starAction]);
  const shownVm = useMemo(() => {
    const base = withoutStars(hideFields(vm as unknown as ViewModelLike, hidden), starless);
    if (!deleted) return base;
    const blocks = { ...base.blocks };
    for (const id of editorBlocks.child) blocks[id] = { ...blocks[id], visible: false };
    return { ...base, blocks };
  }, [vm, hidden, deleted, starless, editorBlocks]);
  const formRef = useRef<HTMLDivElement | null>(null);
  const barRef = useRef<HTMLDivElement | null>(null);
  useStickyBarHeight(barRef);
  // Top-level blocks in page order, "id:1" when shown, "id:0" when the rules hide it.
  const sectionKey = useMemo(
    () =>
      compileForm(pe.blocks, pe.codes)
        .blocks.filter((b) => !editorBlocks.top.includes(b.id) && !editorBlocks.child.includes(b.id))
        .map((b) => `${b.id}:${shownVm.blocks?.[b.id]?.visible !== false ? 1 : 0}`)
        .join(','),
    [pe, shownVm, editorBlocks],
  );
  const [sections, hiddenSections] = useMemo(() => {
    const byId = compileForm(pe.blocks, pe.codes).blocksById;
    const all = sectionKey ? sectionKey.split(',').map((s) => s.split(':')) : [];
    const pick = (flag: string) => all.filter(([, v]) => v === flag).map(([id]) => ({ id: id!, title: byId.get(id!)!.title }));
    return [pick('1'), pick('0')];
  }, [pe, sectionKey]);
  const today = useMemo(() => localToday(), []);

  const notify = useCallback((msg: ReactNode, intent: 'danger' | 'warning' | 'success' | 'primary' = 'primary', timeout = 5000) => {
    toaster.current?.show({ message: msg, intent: intent as Intent, timeout });
  }, []);
  const alert = useCallback((msg: string) => new Promise<void>((resolve) => setModal({ kind: 'alert', message: msg, resolve })), []);
  const confirm = useCallback((opts: ConfirmOptions) => new Promise<boolean>((resolve) => setModal({ kind: 'confirm', opts, resolve })), []);

  const change = useCallback(
    (path: string, value: unknown, next: Doc) => {
      store.change(path, value, next);
      const action = onChangeChecks.get(path);
      if (action) for (const p of store.check(action)) void alert(p.message);
    },
    [store, onChangeChecks, alert],
  );

  const services = useMemo<FormServices>(() => {
    let users: Promise<Array<{ user_email: string; username?: string }>> | null = null;
    return {
      today,
      lookups: {
        users: async (text) => {
          users ??= httpProductLookups.users();
          const q = text.toLowerCase();
          return (await users)
            .filter((u) => u.user_email.toLowerCase().includes(q) || (u.username ?? '').toLowerCase().includes(q))
            .map((u) => ({ value: u.user_email, label: u.username ? `${u.username} <${u.user_email}>` : u.user_email }));
        },
      },
    };
  }, [today]);

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
      lookups: httpProductLookups,
      notify,
      alert,
      confirm,
      uploading,
      setUploading,
      today,
      subscribe: store.subscribe,
      // ViewModel is an interface without an index signature; the renderer's type is its structural subset.
      getViewModel: store.getViewModel as unknown as () => ViewModelLike,
      form: { blocks: pe.blocks, entries: productEntries, services },
      change,
    }),
    [store, pe, refusals, notify, alert, confirm, uploading, today, services, change],
  );

  useEffect(() => {
    loadAllowedSectors(editor).catch((e: unknown) => console.info('allowed sectors not loaded', e));
    // Once per product: reference data for the sector options.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  const productId = doc.product_id === undefined || doc.product_id === null ? undefined : Number(doc.product_id);
  const isProductAdmin = !!session.role?.modules.some((m) => m.module_key === 'product' && (m.operations.includes('admin') || m.operations.includes('*')));
  const disabled = uploading || busy;

  const showProblems = (title: string, problems: Problem[], notes?: string[], asConfirm = false) =>
    new Promise<boolean>((resolve) => setModal({ kind: 'problems', title, problems, notes, resolve: asConfirm ? resolve : undefined }));

  const run = async (action: 'save' | StatusActionName) => {
    const ruleActions = buttons.find((b) => b.action === action)?.rules ?? [action];
    const problems = checkRuleActions((a) => store.check(a), ruleActions);
    if (problems.length) {
      await showProblems('Please correct the following before saving', problems);
      return;
    }
    const warnings = checkRuleActions((a) => store.warnings(a), ruleActions).map((w) => w.message);
    if (warnings.length && !(await showProblems('Please confirm before saving', [], warnings, true))) return;
    setBusy(true);
    try {
      const current = store.getDoc();
      const saved = action === 'save' || productId === undefined ? await productApi.save(current) : await productApi.status(productId, action, current);
      const fresh = await productApi.byId(saved.product_id);
      store.reset(fresh);
      const status = buttons.find((b) => b.action === action)?.statusTitle;
      const done = `Product ${saved.product_id} has been ${action === 'save' ? 'saved' : `saved with status ${status}`}.`;
      setMessage(done);
      notify(`Product ${saved.product_id} saved`, 'success');
      if (productId === undefined) {
        const q = new URLSearchParams(location.search);
        q.set('product_id', String(saved.product_id));
        navigate(`${location.pathname}?${q.toString()}`, { replace: true, state: { message: done } });
      }
    } catch (e) {
      if (e instanceof ProductRefusedError) await showProblems('The server refused the save', e.errors);
      else if (e instanceof ApiError && e.status === 403) {
        setDenied(true);
        notify(NO_PERMISSION, 'danger');
      } else notify(e instanceof Error ? e.message : String(e), 'danger');
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!productId) return;
    const ok = await confirm({ message: 'Are you sure you want to delete this product?', confirmText: 'Delete', cancelText: 'Cancel', intent: 'danger' });
    if (!ok) return;
    try {
      const r = await productApi.softDelete(productId, String(doc.index_name ?? `products_${new Date().getFullYear()}`));
      notify('Product Deleted', 'success');
      await alert(r.message);
      if (window.opener) window.close();
      navigate(cancelTarget(doc.ec_content_type));
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), 'danger');
    }
  };

  const moveCalls = useMemo<MoveAndDeleteCalls>(() => ({ lookup: productApi.moveLookup, validate: productApi.moveValidate, confirm: productApi.moveConfirm }), []);
  const loadLog = useCallback(() => productApi.activityLog(productId!), [productId]);

  const onBlurCapture = (e: React.FocusEvent) => {
    // 001 §5: the headline's duplicate check runs on blur.
    const target = e.target as HTMLInputElement;
    if (target.id !== 'product_headline' || !target.value.trim()) return;
    httpProductLookups.headlineDuplicate(target.value.trim(), productId).then(
      (dup) => dup && void alert(dup),
      (err: unknown) => console.info('headline check failed', err),
    );
  };

  return (
    <ProductEditorContext.Provider value={editor}>
      <div className="portal-product-editor" aria-busy={busy}>
        <header className="portal-product-header">
          <h2>{productId ? `Product ${productId}` : 'Add product'}</h2>
          <dl>
            {doc.muid != null && (
              <>
                <dt>MUID</dt>
                <dd>
                  <Link to={`/email/${String(doc.muid)}`}>{String(doc.muid)}</Link>
                </dd>
              </>
            )}
            {productId !== undefined && (
              <>
                <dt>Product ID</dt>
                <dd data-testid="product-id">{productId}</dd>
              </>
            )}
            {doc.last_worked_user != null && (
              <>
                <dt>Last worked user</dt>
                <dd>{String(doc.last_worked_user)}</dd>
              </>
            )}
          </dl>
          <p className="portal-required-legend">
            Fields marked <span className="portal-required">*</span> are required to {plan.statusActions ? 'approve' : plan.submit === 'Update' ? 'update' : 'submit'}.
          </p>
          {productId !== undefined && (
            <Link to={`/viewproduct/${String(doc.muid ?? '-')}?product_id=${productId}`} target="_blank">
              View summary
            </Link>
          )}
        </header>
        <div className="portal-product-actions" role="toolbar" aria-label="Product actions" ref={barRef}>
          {plan.statusActions &&
            buttons.map((b) => <Button key={b.action} text={b.label} intent={b.intent} disabled={disabled} onClick={() => void run(b.action)} />)}
          {plan.submit && <Button text={plan.submit} intent="primary" disabled={disabled} onClick={() => void run('save')} />}
          {plan.statusActions && <Button text="Delete" intent="danger" icon="trash" disabled={disabled} onClick={() => void remove()} />}
          {plan.cancel && <Button text="Cancel" disabled={disabled} onClick={() => navigate(cancelTarget(doc.ec_content_type))} />}
          {plan.tempCreated && <span className="portal-temp-created">{TEMP_CREATED}</span>}
          {productId !== undefined && vm.blocks.send_link?.visible !== false && (
            <Button text="Link to your colleague" icon="envelope" disabled={disabled} onClick={() => setDialog('send')} />
          )}
          {productId !== undefined && plan.statusActions && <Button text="Move and delete" icon="move" disabled={disabled} onClick={() => setDialog('move')} />}
          {productId !== undefined && isProductAdmin && <Button text="Product Activity Log" icon="history" onClick={() => setDialog('log')} />}
          <ProductWindowsMenu doc={doc} productId={productId} />
        </div>
        {plan.deletedNotice && (
          <Callout intent="warning" title="Deleted product">
            {DELETED_NOTICE}
          </Callout>
        )}
        {denied && <p className="portal-no-permission">{NO_PERMISSION}</p>}
        {message && (
          <Callout intent="success" className="portal-post-submit" role="status">
            {message}
          </Callout>
        )}
        <div className="portal-product-body">
          <WhyProvider engine={pe.engine} document={doc}>
          <SectionNav sections={sections} container={formRef} hidden={deleted ? [] : hiddenSections} why={(id) => <WhyButton target={id} />} />
          <div className="portal-product-form" ref={formRef} onBlurCapture={onBlurCapture}>
            {productId !== undefined && <ProductEmailsSection productId={productId} />}
            <MetadataForm
              blocks={pe.blocks}
              codes={pe.codes}
              document={doc}
              viewModel={shownVm}
              onChange={change}
              mode={deleted ? 'read' : 'edit'}
              exclude={editorBlocks.top}
              entries={productEntries}
              services={services}
            />
          <p className="portal-rules-link">
            <a href="/rules" target="_blank" rel="noopener">Rule catalogue</a>: every rule behind this form, in plain words.
          </p>
          </div>
          </WhyProvider>
        </div>
      </div>
      {dialog === 'move' && <MoveAndDeleteDialog isOpen onClose={() => setDialog(null)} calls={moveCalls} onMoved={() => navigate(cancelTarget(doc.ec_content_type))} />}
      <SendLinkDialog isOpen={dialog === 'send'} onClose={() => setDialog(null)} send={async (body) => void (await productApi.sendLink(body))} />
      {dialog === 'log' && <ActivityLogDialog isOpen onClose={() => setDialog(null)} load={loadLog} />}
      {modal?.kind === 'alert' && (
        <Alert
          isOpen
          confirmButtonText="OK"
          onConfirm={() => {
            setModal(null);
            modal.resolve();
          }}
        >
          <p>{modal.message}</p>
        </Alert>
      )}
      {modal?.kind === 'confirm' && (
        <Alert
          isOpen
          intent={modal.opts.intent}
          confirmButtonText={modal.opts.confirmText ?? 'OK'}
          cancelButtonText={modal.opts.cancelText ?? 'Cancel'}
          onConfirm={() => {
            setModal(null);
            modal.resolve(true);
          }}
          onCancel={() => {
            setModal(null);
            modal.resolve(false);
          }}
        >
          <p>{modal.opts.message}</p>
        </Alert>
      )}
      {modal?.kind === 'problems' && (
        <ProblemsDialog
          title={modal.title}
          problems={modal.problems}
          notes={modal.notes}
          onClose={() => {
            setModal(null);
            modal.resolve?.(false);
          }}
          onContinue={
            modal.resolve
              ? () => {
                  setModal(null);
                  modal.resolve!(true);
                }
              : undefined
          }
        />
      )}
      <OverlayToaster ref={toaster} position="bottom-right" />
    </ProductEditorContext.Provider>
  );
}
