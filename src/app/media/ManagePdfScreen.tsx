import { Button, ButtonGroup, Callout, Classes, H4, NonIdealState, OverlayToaster, ProgressBar, Spinner } from '@blueprintjs/core';
import { Alert } from '../../ui/dialog/Alert';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client/ApiError';
import { useViewImages } from '../../api/hooks/mediaHooks';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import './media.css';

/** 001 §9: Original Images and Resample are offered while a PDF has fewer page images than this. */
const fewImages = 50;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * /managepdf/{product_id} (001 §2 Manage PDF images; no common header): the page images of the
 * product PDF as thumbnails; a click makes one the default preview (green border); Rotate 90° turns
 * the default; links open the PDF, the original images, and make the images again (Resample).
 */
export function ManagePdfScreen() {
  const { product_id: productId = '' } = useParams();
  const [search] = useSearchParams();
  const productType = search.get('product_type') ?? 'ProductImg';
  const originals = search.get('imagetype') === 'orginal';
  const mediaApi = usePortalApi().media;
  // Polls every second while the PDF's page images are being made.
  const [polling, setPolling] = useState(false);
  const read = useViewImages(productId, productType, null, polling ? 1000 : 0);
  const data = read.data ?? null;
  // 001 §8: listing failures show the server message ('PDF file does not exist for this product.').
  const error = read.error ? messageOf(read.error) : null;
  const [busy, setBusy] = useState(false);
  const [confirmResample, setConfirmResample] = useState(false);
  const toaster = useRef<OverlayToaster | null>(null);
  const toast = (message: string) => toaster.current?.show({ message, intent: 'danger' });

  const processing = data && (data.processing.status === 'pending' || data.processing.status === 'running');
  if (!!processing !== polling) setPolling(!!processing);

  const act = async (run: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await run();
      await read.mutate();
    } catch (e) {
      toast(e instanceof ApiError && e.status < 500 && e.status !== 404 ? e.message : failure);
    } finally {
      setBusy(false);
    }
  };

  if (error) return <NonIdealState className="portal-managepdf-empty" icon="document" title={error} action={<Button text="Close" onClick={() => window.close()} />} />;
  if (!data) return <Spinner className="portal-managepdf-loading" />;

  const id = Number(productId);
  const images = data.payload;
  const current = images.find((i) => i.img_document_default === 1);
  return (
    <div className="portal-managepdf">
      <header className="portal-managepdf-head">
        <H4>Manage PDF images · Product {productId}</H4>
        <div className="portal-managepdf-links">
          {data.pdf_url && (
            <a href={data.pdf_url} target="_blank" rel="noreferrer">
              Open PDF
            </a>
          )}
          {images.length < fewImages && (
            <>
              <a href={originals ? `?product_type=${encodeURIComponent(productType)}` : `?product_type=${encodeURIComponent(productType)}&imagetype=orginal`}>{originals ? 'Thumbnails' : 'Original Images'}</a>
              <a
                href="#resample"
                // While a rotation or a resample is under way the link does nothing: it says so.
                aria-disabled={busy || !!processing}
                onClick={(e) => {
                  e.preventDefault();
                  if (!busy && !processing) setConfirmResample(true);
                }}
              >
                Resample Try #3
              </a>
            </>
          )}
        </div>
        <ButtonGroup>
          <Button icon="image-rotate-right" text="Rotate 90°" disabled={!current || busy || !!processing} onClick={() => current && void act(() => mediaApi.rotate(id, current.img_document_sort), 'Product Image not created')} />
          <Button text="Close" onClick={() => window.close()} />
        </ButtonGroup>
      </header>
      {processing && (
        <Callout intent="primary" className="portal-managepdf-progress">
          {data.processing.pages ? `Making page images: ${data.processing.pages_done} of ${data.processing.pages}` : 'Reading the PDF...'}
          <ProgressBar value={data.processing.pages ? data.processing.pages_done / data.processing.pages : undefined} />
        </Callout>
      )}
      {data.processing.status === 'failed' && <Callout intent="danger">The PDF could not be read: {data.processing.error}</Callout>}
      <p className={Classes.TEXT_MUTED}>Click an image to make it the default preview.</p>
      <ul className={originals ? 'portal-managepdf-grid portal-managepdf-originals' : 'portal-managepdf-grid'} aria-label="Page images">
        {images.map((img) => (
          <li key={img.id}>
            <button
              type="button"
              className={img.img_document_default === 1 ? 'portal-thumb portal-thumb-default' : 'portal-thumb'}
              aria-pressed={img.img_document_default === 1}
              aria-label={`Page ${img.img_document_sort}${img.img_document_default === 1 ? ' (default preview)' : ''}`}
              disabled={busy}
              onClick={() => img.img_document_default !== 1 && void act(() => mediaApi.setDefault(id, img.img_document_sort), 'some error occured')}
            >
              <img src={originals ? img.downlaod_url : img.thumb_url} alt={`Page ${img.img_document_sort}`} />
            </button>
            <span className="portal-thumb-caption">
              Page {img.img_document_sort}
              {img.img_document_default === 1 ? ' · default' : ''}
            </span>
          </li>
        ))}
      </ul>
      {/* Resample throws the page images away: it asks first, and keeps the default page and rotations. */}
      <Alert
        isOpen={confirmResample}
        cancelButtonText="Cancel"
        confirmButtonText="Resample"
        intent="warning"
        icon="refresh"
        onCancel={() => setConfirmResample(false)}
        canEscapeKeyCancel
        onConfirm={() => {
          setConfirmResample(false);
          void act(() => mediaApi.resample(id), 'some error occured');
        }}
      >
        <p>Make the page images again from the PDF?</p>
        <p>
          {current ? `Page ${current.img_document_sort} stays the default preview` : 'The first page becomes the default preview'}
          {images.some((i) => i.rotation % 360 !== 0) ? ' and rotated pages keep their rotation.' : '.'}
        </p>
      </Alert>
      <OverlayToaster ref={toaster} position="bottom-right" />
    </div>
  );
}
