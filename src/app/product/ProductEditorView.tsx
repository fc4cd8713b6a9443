import { Callout } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { focusField } from '../../ui/form/focusField';
import { SectionNav } from '../../ui/form/SectionNav';
import { WhyButton } from '../../ui/why/WhyButton';
import { WhyProvider } from '../../ui/why/WhyContext';
import { WHY_KEY } from '../../ui/why/whyKey';
import { ProductEmailsSection } from '../dashboards/ProductEmailsSection';
import { LiveProductForm } from './LiveProductForm';
import { ProductActionsBar } from './ProductActionsBar';
import { ProductEditorHeader } from './ProductEditorHeader';
import { ProductEditorModals } from './ProductEditorModals';
import { showsRequiredLegend } from './statusButtons';
import { DELETED_NOTICE, NO_PERMISSION, RESTORED_NOTICE } from './productScreenText';
import type { ProductEditorModel } from './useProductEditorController';
import type { ProductEngine } from './useProductEngine';
import { useStickyBarHeight } from './useStickyBarHeight';
import { productEntries } from './widgets/productEntries';
import { ProductEditorContext } from './widgets/ProductEditorContext';

/** One function for the page's life: the navigator is memoised on its props. */
const hiddenWhy = (id: string) => <WhyButton target={id} />;

/**
 * The product editor's page (001 §2): header, the sticky actions bar, notices, the section
 * navigator and the form drawn from metadata; everything it shows comes from the controller.
 */
export function ProductEditorView({ pe, model, restored = false }: { pe: ProductEngine; model: ProductEditorModel; restored?: boolean }) {
  const { state, doc, plan, productId, deleted } = model;
  const formRef = useRef<HTMLDivElement | null>(null);
  const barRef = useRef<HTMLDivElement | null>(null);
  useStickyBarHeight(barRef);
  // A refused action's field (001 §5 problems): scrolled to and focused once the dialog has closed.
  const focus = state.focus;
  useEffect(() => {
    if (focus && formRef.current) focusField(formRef.current, focus.path);
  }, [focus]);
  return (
    <ProductEditorContext.Provider value={model.editor}>
      <div className="portal-product-editor" aria-busy={state.busy}>
        <ProductEditorHeader doc={doc} productId={productId} plan={plan} legend={showsRequiredLegend(plan)} />
        <ProductActionsBar
          controller={model.controller}
          plan={plan}
          buttons={model.buttons}
          disabled={model.disabled}
          productId={productId}
          doc={doc}
          isProductAdmin={model.isProductAdmin}
          moveBlocked={model.moveBlocked}
          directMail={model.directMail}
          sendLink={model.blocks?.send_link?.visible !== false}
          barRef={barRef}
        />
        {plan.deletedNotice && (
          <Callout intent="warning" title="Deleted product">
            {DELETED_NOTICE}
          </Callout>
        )}
        {state.denied && <p className="portal-no-permission">{NO_PERMISSION}</p>}
        {restored && !state.message && (
          <Callout intent="warning" title="Unsaved changes restored" className="portal-restored-notice" role="status">
            {RESTORED_NOTICE}
          </Callout>
        )}
        {state.message && (
          <Callout intent="success" className="portal-post-submit" role="status">
            {state.message}
          </Callout>
        )}
        <div className="portal-product-body">
          <WhyProvider engine={pe.engine} getDocument={model.store.getDoc}>
            <SectionNav sections={model.sections} container={formRef} hidden={deleted ? undefined : model.hiddenSections} why={hiddenWhy} />
            <div className="portal-product-form" ref={formRef} onBlurCapture={model.onBlurCapture}>
              {productId !== undefined && <ProductEmailsSection productId={productId} />}
              <LiveProductForm
                store={model.store}
                showViewModel={model.showViewModel}
                blocks={pe.blocks}
                codes={pe.codes}
                onChange={model.editor.change}
                mode={deleted ? 'read' : 'edit'}
                exclude={model.dialogBlocks}
                entries={productEntries}
                services={model.services}
              />
              <p className="portal-rules-link">
                <a href="/rules" target="_blank" rel="noopener">
                  Rule catalogue
                </a>
                : every rule behind this form, in plain words. In a field, {WHY_KEY} (or its <span aria-hidden="true">?</span> icon) says why it is shown,
                required or refused.
              </p>
            </div>
          </WhyProvider>
        </div>
      </div>
      <ProductEditorModals model={model} />
    </ProductEditorContext.Provider>
  );
}
