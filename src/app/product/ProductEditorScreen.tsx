import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Doc } from '../../ui/form/types';
import { ApiError } from '../auth/apiFetch';
import { newProductDocument } from './newProductDocument';
import { productApi } from './productApi';
import { createProductDocumentStore, type ProductDocumentStore } from './productDocumentStore';
import { ProductEditorView } from './ProductEditorView';
import { NO_PERMISSION } from './productScreenText';
import type { ScreenKind } from './statusButtons';
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

function Editor({ pe, kind, store }: { pe: ProductEngine; kind: ScreenKind; store: ProductDocumentStore }) {
  const model = useProductEditorController(pe, kind, store);
  return <ProductEditorView pe={pe} model={model} />;
}
