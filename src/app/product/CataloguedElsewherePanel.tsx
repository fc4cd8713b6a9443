import { Button, NonIdealState } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router-dom';

/** The product another email's muid belongs to (a Copy assigned to an entry): opened rather than a second product. */
export interface CataloguedElsewhere {
  productId: number;
  entryID: string | null;
}

/**
 * The product screen of an email that is catalogued in another product already (a Copy assigned to
 * an entry: its Manage Product). Its own product does not exist; an empty form here would let a
 * reviewer catalogue the offer twice, so the entry it belongs to is offered first, and a new product
 * only on request (a copy that turns out to be a different offer).
 */
export function CataloguedElsewherePanel({ muid, elsewhere, onAddAnyway }: { muid: string; elsewhere: CataloguedElsewhere; onAddAnyway: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entry = elsewhere.entryID ? `Entry ID ${elsewhere.entryID}` : `product ${elsewhere.productId}`;
  // The same screen (product, product/v2, addproduct/v2) on the product's id: a product is opened by id when the
  // muid in the address is not its own.
  const productPath = `${pathname.replace(/\/[^/]*$/, '')}?product_id=${elsewhere.productId}`;
  return (
    <NonIdealState
      className="portal-catalogued-elsewhere"
      icon="duplicate"
      title={`Email ${muid} is already catalogued`}
      description={`It belongs to ${entry}. Open that product, or add a new product from this email only if it is a different offer.`}
      action={
        <div className="portal-catalogued-elsewhere__actions">
          <Button intent="primary" autoFocus text="Open its product" onClick={() => navigate(productPath)} />
          <Button text="Add a new product" onClick={onAddAnyway} />
        </div>
      }
    />
  );
}
