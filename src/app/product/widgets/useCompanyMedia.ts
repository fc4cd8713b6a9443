import { useEffect, useState } from 'react';
import type { CompanyMedia } from '../../../api/media';
import type { ProductLookups } from './ProductLookups';

/** Company media by company id, loaded once per id set (the list's Html/PDF icons and the image picker share it). */
export function useCompanyMedia(lookups: ProductLookups | undefined, companyIds: readonly number[], productId: number | undefined): Record<number, CompanyMedia> {
  const [media, setMedia] = useState<Record<number, CompanyMedia>>({});
  const key = companyIds.join(',');
  useEffect(() => {
    if (!lookups || !key) return;
    let live = true;
    for (const id of key.split(',').map(Number)) {
      lookups.companyMedia(id, productId).then(
        (m) => live && setMedia((all) => ({ ...all, [id]: m })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [lookups, key, productId]);
  return media;
}
