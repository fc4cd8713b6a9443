import type { BlockSchema, Doc } from '../../ui/form/types';

/**
 * A new product: the root fields' schema defaults (e.g. personalization 2, campaign language 1),
 * then the screen's query parameters channel_id, ec_content_type and product_status (001 §2).
 */
export function newProductDocument(blocks: readonly BlockSchema[], query: URLSearchParams, muid?: string): Doc {
  const doc: Doc = {};
  for (const b of blocks) {
    if (b['x-block'].path !== '') continue;
    for (const [key, s] of Object.entries(b.properties ?? {})) {
      if (s.default !== undefined && s['x-transient'] !== true) doc[key] = s.default;
    }
  }
  const channel = query.get('channel_id');
  if (channel && /^\d+$/.test(channel)) doc.media_channel = Number(channel);
  const content = query.get('ec_content_type');
  if (content) doc.ec_content_type = content;
  const status = query.get('product_status');
  doc.product_status = status && /^-?\d+$/.test(status) ? Number(status) : 0;
  if (muid) doc.muid = muid;
  return doc;
}
