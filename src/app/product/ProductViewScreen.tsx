import { Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Doc, ViewModelLike } from '../../ui/form/types';
import { MetadataSummary } from '../../ui/summary/MetadataSummary';
import { ProductEditorContext, type ProductEditor } from './widgets/ProductEditorContext';
import { productEntries } from './widgets/productEntries';
import { ApiError } from '../../api/client/ApiError';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { useProduct } from '../../api/hooks/productHooks';
import { editorOnlyBlocks, editorOnlyFields, hideFields } from './editorOnlyFields';
import { productLookups } from './productLookups';
import { DELETED_NOTICE, NO_PERMISSION } from './productScreenText';
import { useProductEngine, type ProductEngine } from './useProductEngine';
import { ProductEmailsSection } from '../dashboards/ProductEmailsSection';
import './product.css';

const noop = () => {};

/** /viewproduct/{muid} (and ?product_id= for a product without a muid): the read-only summary (001 §2). */
export function ProductViewScreen() {
  const pe = useProductEngine();
  const { muid } = useParams();
  const [query] = useSearchParams();
  const productId = query.get('product_id') ?? undefined;
  const { data: doc, error } = useProduct(productId ? { productId } : { muid: muid ?? '' });
  if (pe.status === 'error') return <NonIdealState icon="error" title="The product metadata could not be loaded" description={pe.message} />;
  if (error instanceof ApiError && error.status === 403) return <p className="portal-no-permission">{NO_PERMISSION}</p>;
  if (error) return <NonIdealState icon="error" title="The product could not be loaded" description={error.message} />;
  if (pe.status === 'loading' || !doc) return <Spinner className="portal-product-loading" />;
  return <Summary pe={pe} doc={doc} />;
}

function Summary({ pe, doc }: { pe: ProductEngine; doc: Doc }) {
  const api = usePortalApi();
  const lookups = useMemo(() => productLookups(api.products), [api]);
  const vm = useMemo(() => pe.engine.evaluate(doc), [pe, doc]);
  const shown = vm.document as Doc;
  const editorBlocks = useMemo(() => editorOnlyBlocks(pe.blocks), [pe.blocks]);
  const shownVm = useMemo(() => {
    const base = hideFields(vm as unknown as ViewModelLike, editorOnlyFields(pe.blocks, productEntries));
    const blocks = { ...base.blocks };
    for (const id of editorBlocks.child) blocks[id] = { ...blocks[id], visible: false };
    return { ...base, blocks };
  }, [vm, pe.blocks, editorBlocks]);
  // Read-only widgets read codes and the product's companies through the same context as the editor.
  const reader = useMemo<ProductEditor>(
    () => ({
      getDoc: () => shown,
      update: noop,
      check: () => [],
      refusal: () => 'toast',
      block: (id) => ({ visible: vm.blocks[id]?.visible !== false, readonly: true, label: vm.blocks[id]?.label }),
      codes: pe.codes,
      lookups,
      notify: noop,
      alert: async () => {},
      confirm: async () => false,
      uploading: false,
      setUploading: noop,
      today: '',
      subscribe: () => noop,
      getViewModel: () => vm as unknown as ViewModelLike,
      form: { blocks: pe.blocks, entries: productEntries, services: { lookups: {} } },
      change: noop,
    }),
    [pe, vm, shown, lookups],
  );
  const productId = shown.product_id;
  return (
    <ProductEditorContext.Provider value={reader}>
      <div className="portal-product-editor portal-product-summary">
        <h2>Product {productId != null ? String(productId) : ''}</h2>
        {Number(shown.is_deleted) === 1 && (
          <Callout intent="warning" title="Deleted product">
            {DELETED_NOTICE}
          </Callout>
        )}
        {productId != null && <ProductEmailsSection productId={String(productId)} />}
        <MetadataSummary blocks={pe.blocks} codes={pe.codes} document={shown} viewModel={shownVm} exclude={editorBlocks.top} entries={productEntries} />
      </div>
    </ProductEditorContext.Provider>
  );
}
