import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { ProductShellDoc } from './productShellDoc';
import type { ButtonPlan } from './statusButtons';

/** 001 §2 header data: MUID link, product id, last worked user, the required-field legend (memoised: the frame re-renders on block changes). */
export const ProductEditorHeader = memo(function ProductEditorHeader({ doc, productId, plan, legend }: { doc: ProductShellDoc; productId: number | undefined; plan: ButtonPlan; legend: boolean }) {
  return (
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
      {legend && (
        <p className="portal-required-legend">
          Fields marked <span className="portal-required">*</span> are required to {plan.statusActions ? 'approve' : plan.submit === 'Update' ? 'update' : 'submit'}.
        </p>
      )}
      {productId !== undefined && (
        <Link to={`/viewproduct/${String(doc.muid ?? '-')}?product_id=${productId}`} target="_blank">
          View summary
        </Link>
      )}
    </header>
  );
});
