import { NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ProductImageItem } from '../../api/media';
import { mediaApi } from './mediaApi';
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
  const [item, setItem] = useState<ProductImageItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    mediaApi.images(productId, productType, status).then(
      (r) => setItem(r.payload[0] ?? null),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [productId, productType, status]);
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
