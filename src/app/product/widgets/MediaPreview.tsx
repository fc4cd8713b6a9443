import { Classes, ProgressBar } from '@blueprintjs/core';
import type { MediaDetails } from './MediaDetails';

/**
 * The preview of the product's file (001 §2 Media block): an image, a video or audio player, an
 * HTML file in a sandboxed frame (no scripts, its own opaque origin; never inline in the page),
 * or for a PDF its default page image and the progress of its page images.
 */
export function MediaPreview({ details }: { details: MediaDetails | null }) {
  if (!details?.file_path) return null;
  const src = details.file_path;
  const label = `Preview of ${details.filename ?? 'the product file'}`;
  switch (details.kind) {
    case 'image':
      return <img className="portal-media-preview" src={src} alt={label} />;
    case 'video':
      return <video className="portal-media-preview" src={src} controls preload="metadata" aria-label={label} />;
    case 'audio':
      return <audio src={src} controls preload="metadata" aria-label={label} />;
    case 'html':
      return <iframe className="portal-media-preview portal-media-frame" src={src} sandbox="" referrerPolicy="no-referrer" title={label} />;
    case 'pdf': {
      const p = details.processing;
      if (p.status === 'pending' || p.status === 'running') {
        const share = p.pages ? p.pages_done / p.pages : 0;
        return (
          <div className="portal-media-processing" aria-label="PDF processing">
            <ProgressBar value={share || undefined} />
            <span className={Classes.TEXT_MUTED}>{p.pages ? `Making page images: ${p.pages_done} of ${p.pages}` : 'Reading the PDF...'}</span>
          </div>
        );
      }
      if (p.status === 'failed') return <span className={Classes.INTENT_DANGER}>The PDF could not be read: {p.error}</span>;
      return details.banner_product_path ? (
        <figure className="portal-media-figure">
          <img className="portal-media-preview portal-media-page" src={`${details.banner_product_path}?size=thumb`} alt={label} />
          <figcaption className={Classes.TEXT_MUTED}>{p.pages === 1 ? '1 page' : `${p.pages ?? 0} pages`}</figcaption>
        </figure>
      ) : null;
    }
    default:
      return null;
  }
}
