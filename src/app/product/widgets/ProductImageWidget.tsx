import { Button, Classes, DialogBody, DialogFooter, InputGroup, NonIdealState } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import type { CompanyMedia, ProductImageItem } from '../../../api/media';
import { useOptionalProductEditor } from './ProductEditorContext';
import { useCompanyMedia } from './useCompanyMedia';
import './media.css';

/**
 * The Product Image (required for approval): chosen from this product's own PDF pages first, then
 * the images of the product's companies (001 §2: the default page image of each of their
 * products), or typed as a path or URL; with a preview that says so when the image cannot be
 * loaded (the approve rules refuse a path that is no image address).
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
  const productId = typeof doc?.product_id === 'number' ? doc.product_id : undefined;
  const media = useCompanyMedia(choosing ? editor?.lookups : undefined, ids, productId);
  const own = useOwnPages(choosing ? editor?.lookups.pageImages : undefined, productId);
  const pick = (url: string) => {
    props.onChange(url);
    setChoosing(false);
  };
  return (
    <div className="portal-product-image">
      {editable ? (
        <div className="portal-product-image-row">
          <InputGroup id={props.id} value={value} placeholder="Image path or URL" onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)} />
          <Button icon="media" text="Choose an image" disabled={(!ids.length && productId === undefined) || editor.uploading} title={ids.length || productId !== undefined ? undefined : 'Add a company first'} onClick={() => setChoosing(true)} />
        </div>
      ) : (
        <span className="portal-read-value">{value}</span>
      )}
      {value && broken !== value && <img className="portal-image portal-product-image-preview" src={value} alt={props.label} onError={() => setBroken(value)} />}
      {value && broken === value && <span className={`${Classes.TEXT_MUTED} portal-product-image-broken`}>The image cannot be shown.</span>}
      {editable && (
        <Dialog isOpen={choosing} onClose={() => setChoosing(false)} title="Product Image" style={{ width: 860, maxWidth: '95vw' }}>
          <DialogBody>
            {productId !== undefined && <OwnPages pages={own} current={value} onPick={pick} />}
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

/** The page images of the product's own PDF, once the chooser opens. */
function useOwnPages(load: ((id: number) => Promise<ProductImageItem[]>) | undefined, productId: number | undefined): ProductImageItem[] | undefined {
  const [pages, setPages] = useState<ProductImageItem[] | undefined>(undefined);
  useEffect(() => {
    if (!load || productId === undefined) return;
    let live = true;
    load(productId).then(
      (p) => live && setPages(p),
      () => live && setPages([]),
    );
    return () => {
      live = false;
    };
  }, [load, productId]);
  return pages;
}

/** The product's own pages come first: its PDF is what the image usually shows. */
function OwnPages({ pages, current, onPick }: { pages: ProductImageItem[] | undefined; current: string; onPick: (url: string) => void }) {
  return (
    <section className="portal-company-images" aria-label="Pages of this product's PDF">
      <h5 className={Classes.HEADING}>This product's PDF</h5>
      {!pages ? (
        <p className={Classes.TEXT_MUTED}>Loading...</p>
      ) : pages.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No page image yet: upload the PDF and wait for its pages.</p>
      ) : (
        <ul className="portal-company-images-grid">
          {pages.map((p) => {
            // The stored path names the image itself, not one rotation of it.
            const url = p.downlaod_url.replace(/\?.*$/, '');
            return (
              <li key={p.id}>
                <button type="button" className={`portal-thumb${url === current ? ' portal-thumb-default' : ''}`} aria-pressed={url === current} onClick={() => onPick(url)} title={`Page ${p.img_document_sort}`}>
                  <img src={p.thumb_url} alt={`This product, page ${p.img_document_sort}`} loading="lazy" />
                </button>
                <span className="portal-thumb-caption">Page {p.img_document_sort}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
