import { Button, Classes, Dialog, DialogBody, DialogFooter, InputGroup, NonIdealState } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { CompanyMedia } from '../../../api/media';
import { useOptionalProductEditor } from './ProductEditorContext';
import { useCompanyMedia } from './useCompanyMedia';
import './media.css';

/**
 * The Product Image (required for approval): chosen from the images of the product's companies
 * (001 §2: the default page image of each of their products), or typed as a path or URL; with a
 * preview that says so when the image cannot be loaded.
 */
export function ProductImageWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const value = typeof props.value === 'string' ? props.value : '';
  const editable = !!editor && !props.readonly && !props.disabled;
  const [choosing, setChoosing] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const doc = editor?.getDoc();
  const companies = Array.isArray(doc?.companies) ? (doc.companies as Array<Record<string, unknown>>) : [];
  const ids = companies.map((c) => Number(c.companyID)).filter((n) => Number.isInteger(n) && n > 0);
  // Loaded only once the picker opens.
  const media = useCompanyMedia(choosing ? editor?.lookups : undefined, ids, doc?.product_id as number | undefined);
  const pick = (url: string) => {
    props.onChange(url);
    setChoosing(false);
  };
  return (
    <div className="portal-product-image">
      {editable ? (
        <div className="portal-product-image-row">
          <InputGroup id={props.id} value={value} placeholder="Image path or URL" onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)} />
          <Button icon="media" text="Choose from company images" disabled={!ids.length || editor.uploading} title={ids.length ? undefined : 'Add a company first'} onClick={() => setChoosing(true)} />
        </div>
      ) : (
        <span className="portal-read-value">{value}</span>
      )}
      {value && broken !== value && <img className="portal-image portal-product-image-preview" src={value} alt={props.label} onError={() => setBroken(value)} />}
      {value && broken === value && <span className={`${Classes.TEXT_MUTED} portal-product-image-broken`}>The image cannot be shown.</span>}
      {editable && (
        <Dialog isOpen={choosing} onClose={() => setChoosing(false)} title="Product Image: company images" style={{ width: 860, maxWidth: '95vw' }}>
          <DialogBody>
            {ids.map((id) => (
              <CompanyImages key={id} media={media[id]} name={String(companies.find((c) => Number(c.companyID) === id)?.companyName ?? id)} current={value} onPick={pick} />
            ))}
          </DialogBody>
          <DialogFooter actions={<Button text="Close" onClick={() => setChoosing(false)} />} />
        </Dialog>
      )}
    </div>
  );
}

function CompanyImages({ media, name, current, onPick }: { media: CompanyMedia | undefined; name: string; current: string; onPick: (url: string) => void }) {
  const images = media ? [...(media.default_img ? [{ url: media.default_img, thumb_url: media.default_img, product_id: 0, product_name: 'Company default image', page: 0 }] : []), ...media.images] : [];
  return (
    <section className="portal-company-images" aria-label={`Images of ${name}`}>
      <h5 className={Classes.HEADING}>{name}</h5>
      {!media ? (
        <p className={Classes.TEXT_MUTED}>Loading...</p>
      ) : images.length === 0 ? (
        <NonIdealState icon="media" description="No product of this company has a page image yet." layout="horizontal" />
      ) : (
        <ul className="portal-company-images-grid">
          {images.map((im) => (
            <li key={im.url}>
              <button type="button" className={`portal-thumb${im.url === current ? ' portal-thumb-default' : ''}`} aria-pressed={im.url === current} onClick={() => onPick(im.url)} title={im.product_name}>
                <img src={im.thumb_url} alt={im.product_id ? `Product ${im.product_id}, page ${im.page}` : im.product_name} loading="lazy" />
              </button>
              <span className="portal-thumb-caption">{im.product_id ? `Product ${im.product_id}` : im.product_name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
