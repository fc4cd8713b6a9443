import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useParams, useSearchParams } from 'react-router-dom';
import { useViewImages } from '../../api/hooks/mediaHooks';
import './media.css';

/** 001 §2 Mobile preview: the file types shown as a video; the others are images. */
const videoTypes = new Set(['mpeg-4', 'mp4', 'video']);

/**
 * /mobilepreview/{product_id}: one image or video of a mobile product (query product_type, default
 * MobileProduct; product_status 11 shows the creative as uploaded instead of the current download).
 */
export function MobilePreviewScreen() {
  const { product_id: productId = '' } = useParams();
  const [search] = useSearchParams();
  const productType = search.get('product_type') ?? 'MobileProduct';
  const status = search.get('product_status');
  const { data, error: failed } = useViewImages(productId, productType, status);
  const item = data?.payload[0] ?? null;
  const error = failed?.message ?? null;
  if (error) return <NonIdealState icon="mobile-phone" title={error} />;
  if (!item) return <Spinner />;
  return (
    <div className="portal-mobilepreview">
      {videoTypes.has(item.file_type ?? '') ? (
        <video src={item.downlaod_url} controls playsInline aria-label={`Product ${productId} video`} />
      ) : (
        <img src={item.downlaod_url} alt={`Product ${productId}`} />
      )}
    </div>
  );
}
