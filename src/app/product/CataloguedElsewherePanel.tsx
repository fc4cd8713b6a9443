import { Button, NonIdealState } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { metadataText } from '../../shared/metadataText';

/** The product another email's muid belongs to (a Copy assigned to an entry): opened rather than a second product. */
export interface CataloguedElsewhere {
  productId: number;
  entryID: string | null;
}

/** The email area's messages (schemas/dashboards/emails.json): the panel's words, as an analyst words them. */
export const cataloguedElsewhereFile = 'schemas/dashboards/emails.json';
export const cataloguedElsewhereKeys = ['cataloguedElsewhere', 'cataloguedInEntry', 'cataloguedInProduct', 'openItsProduct', 'addNewProduct'] as const;

/**
 * The product screen of an email that is catalogued in another product already (a Copy assigned to
 * an entry: its Manage Product). Its own product does not exist; an empty form here would let a
 * reviewer catalogue the offer twice, so the entry it belongs to is offered first, and a new product
 * only on request (a copy that turns out to be a different offer).
 */
export function CataloguedElsewherePanel({ muid, elsewhere, files, onAddAnyway }: { muid: string; elsewhere: CataloguedElsewhere; files: Readonly<Record<string, unknown>>; onAddAnyway: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const text = (key: (typeof cataloguedElsewhereKeys)[number]) =>
    metadataText(files, cataloguedElsewhereFile, key, { muid, entry_id: elsewhere.entryID ?? '', product_id: elsewhere.productId });
  // The same screen (product, product/v2, addproduct/v2) on the product's id: a product is opened by id when the
  // muid in the address is not its own.
  const productPath = `${pathname.replace(/\/[^/]*$/, '')}?product_id=${elsewhere.productId}`;
  return (
    <NonIdealState
      className="portal-catalogued-elsewhere"
      icon="duplicate"
      title={text('cataloguedElsewhere')}
      description={text(elsewhere.entryID ? 'cataloguedInEntry' : 'cataloguedInProduct')}
      action={
        <div className="portal-catalogued-elsewhere__actions">
          <Button intent="primary" autoFocus text={text('openItsProduct')} onClick={() => navigate(productPath)} />
          <Button text={text('addNewProduct')} onClick={onAddAnyway} />
        </div>
      }
    />
  );
}
