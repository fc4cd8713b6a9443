import { join } from 'node:path';
import { createEngine } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';

export const miniDir = join(import.meta.dirname, '../../fixtures/metadata-mini');
export const miniMetadata = () => loadMetadataFromDir(miniDir);
export const TODAY = '2024-05-10';
export const miniEngine = () => createEngine(miniMetadata(), { now: () => TODAY });

/** A direct-mail product that shows Delivery (with details) and the Advertiser block. */
export const directMail = () => ({
  entry_id: '2024-05-01-0001',
  entry_date: '2024-05-01',
  media_channel: 1,
  audience: 1,
  gender: 'N',
  sectors: [[{ id: 266, name: 'Retail', sequence: 1, sectorWorksiteVoluntary: 0 }, { id: 100, name: 'Apparel', sequence: 2, sectorWorksiteVoluntary: 0 }]],
  panelists: [] as unknown[],
  state_province: [5],
  delivery: { delivery_method: 1, delivery_type: 2, postage: 1, pre_sorted: 1, package_type: 1 },
  advertiser: { advertiser_city: 'Denver', advertiser_zipcode: '80202' },
  promotion: { promotion_company: 1, product_type: 266, promotions: [] as unknown[] },
});
