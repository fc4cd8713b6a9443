import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client/ApiError';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { useProduct, type ProductRef } from '../../api/hooks/productHooks';
import { useSession } from '../auth/SessionContext';
import { newProductDocument } from './newProductDocument';
import { createProductDocumentStore, type ProductDocumentStore } from './productDocumentStore';
import { CataloguedElsewherePanel, type CataloguedElsewhere } from './CataloguedElsewherePanel';
import { mergeOwnChanges } from './mergeOwnChanges';
import { ProductEditorView } from './ProductEditorView';
import { NO_PERMISSION, NO_SUCH_MUID, noSuchMuidHelp } from './productScreenText';
import type { ScreenKind } from './statusButtons';
import { dropUnsavedProduct, peekUnsavedProduct } from './unsavedProductStash';
import { useProductEditorController } from './useProductEditorController';
import { useProductEngine, type ProductEngine } from './useProductEngine';
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
  const savedHere = (useLocation().state as { savedProductId?: unknown } | null)?.savedProductId;
  // A new visit (another product, or a new one) mounts a fresh editor; the URL gaining the id of the
  // product this editor has just saved is the same visit, whose fields and focus must survive it.
  const route = `${muid ?? ''}|${productId ?? ''}`;
  const [visit, setVisit] = useState({ route, n: 0 });
  if (visit.route !== route) {
    const sameVisit = productId !== undefined && savedHere === productId && visit.route === `${muid ?? ''}|`;
    setVisit({ route, n: sameVisit ? visit.n : visit.n + 1 });
  }
  if (pe.status === 'loading') return <Spinner className="portal-product-loading" />;
  if (pe.status === 'error') return <NonIdealState icon="error" title="The product metadata could not be loaded" description={pe.message} />;
  return <LoadedEditor key={visit.n} pe={pe} kind={kind} muid={muid} productId={productId} query={query} />;
}

/** A 404 for a muid is an email with no product yet (addproduct/v2/{muid}): a new product for it. */
const noProductYet = (error: unknown, ref: ProductRef) => ref !== null && 'muid' in ref && error instanceof ApiError && error.status === 404;

/**
 * The stored product through its SWR read, or a new document. The store is made once, from an answer
 * the server gave for this visit: a cached one only when it is the save that led here (the post-submit
 * message), otherwise after the read revalidated, so an edit never starts from an old copy. Later
 * answers (a save's) are the store's business.
 */
function LoadedEditor({ pe, kind, muid, productId, query }: { pe: ProductEngine; kind: ScreenKind; muid?: string; productId?: string; query: URLSearchParams }) {
  const location = useLocation();
  const justSaved = typeof (location.state as { message?: unknown } | null)?.message === 'string';
  const ref: ProductRef = productId ? { productId } : muid ? { muid } : null;
  const { data, error, isValidating } = useProduct(ref, { revalidateOnFocus: false, revalidateOnReconnect: false, reuseWritten: justSaved });
  // Changes this user had not saved here when the session ended: drawn over the product as loaded.
  const username = useSession().role?.username;
  const [unsaved] = useState(() => peekUnsavedProduct(location.pathname + location.search, username) ?? undefined);
  const [store, setStore] = useState<ProductDocumentStore | null>(() => (ref === null ? createProductDocumentStore(pe.engine, newProductDocument(pe.blocks, query), unsaved?.doc) : null));
  const ready = data !== undefined && (justSaved || !isValidating);
  const noProduct = noProductYet(error, ref);
  const email = useEmailOfNewProduct(noProduct ? muid : undefined);
  const emailState = email.state;
  // An email catalogued in another product opens that choice first: a new product from it would catalogue it twice.
  const [addAnyway, setAddAnyway] = useState(false);
  const elsewhere = noProduct && !addAnyway ? email.elsewhere : undefined;
  const missing = noProduct && emailState === 'found' && !elsewhere;
  useEffect(() => {
    if (store) return;
    if (missing) setStore(createProductDocumentStore(pe.engine, newProductDocument(pe.blocks, query, muid), unsaved?.doc));
    // Only what the user changed is drawn over the product as it is now: another user's change meanwhile stays.
    else if (ready) setStore(createProductDocumentStore(pe.engine, data, unsaved && (unsaved.base ? mergeOwnChanges(unsaved.base, unsaved.doc, data) : unsaved.doc)));
    // The query is read once per product.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, missing, ready, data, pe]);
  useEffect(() => {
    if (store && unsaved) dropUnsavedProduct();
  }, [store, unsaved]);
  if (store) return <Editor pe={pe} kind={kind} store={store} restored={!!unsaved} />;
  if (error instanceof ApiError && error.status === 403) return <p className="portal-no-permission">{NO_PERMISSION}</p>;
  if (elsewhere && muid) return <CataloguedElsewherePanel muid={muid} elsewhere={elsewhere} files={pe.files} onAddAnyway={() => setAddAnyway(true)} />;
  // Neither a product nor an email has this muid (a mistyped or stale link): an empty form would only
  // be refused at the first save ('Email not found'), after the editor had filled it in.
  if (noProduct && emailState === 'absent') return <NonIdealState icon="search" title={NO_SUCH_MUID} description={noSuchMuidHelp(muid ?? '')} />;
  if (error && !missing) return <NonIdealState icon="error" title="The product could not be loaded" description={error.message} />;
  return <Spinner className="portal-product-loading" />;
}

/**
 * Whether the email of a muid without a product exists (the new product would be made for it):
 * 'checking' until the answer; 'found' also when the check itself fails otherwise (the save still checks).
 * A found email that belongs to another product already (a Copy assigned to an entry) says which.
 */
function useEmailOfNewProduct(muid: string | undefined): { state: 'checking' | 'found' | 'absent'; elsewhere?: CataloguedElsewhere } {
  const api = usePortalApi();
  const [state, setState] = useState<{ muid: string; found: boolean; elsewhere?: CataloguedElsewhere } | null>(null);
  useEffect(() => {
    if (muid === undefined) return;
    let live = true;
    const settle = (found: boolean, elsewhere?: CataloguedElsewhere) => live && setState({ muid, found, elsewhere });
    const id = Number(muid);
    if (!/^[1-9]\d{0,14}$/.test(muid)) settle(false);
    else
      api.emails.detail(id).then(
        async (email) => {
          if (!email.entry_id) return settle(true);
          // The lookup is the dashboards' (an editor without them, or a failed one, gets the new product as before).
          const res = await api.emails.lookupCopy(id).catch(() => null);
          settle(true, res?.productId !== undefined && !res.ownProduct ? { productId: res.productId, entryID: res.entryID } : undefined);
        },
        (e: unknown) => settle(!(e instanceof ApiError && (e.status === 404 || e.status === 400))),
      );
    return () => {
      live = false;
    };
  }, [api, muid]);
  if (muid === undefined || state?.muid !== muid) return { state: 'checking' };
  return { state: state.found ? 'found' : 'absent', elsewhere: state.elsewhere };
}

function Editor({ pe, kind, store, restored }: { pe: ProductEngine; kind: ScreenKind; store: ProductDocumentStore; restored: boolean }) {
  const model = useProductEditorController(pe, kind, store);
  return <ProductEditorView pe={pe} model={model} restored={restored} />;
}
