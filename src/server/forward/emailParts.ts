import { fileTypeFromBuffer } from 'file-type';
import type { Queryable } from '../db/Db';
import type { FileStorage } from '../storage/FileStorage';

/** Image types a mail client draws inline; a part is shown only when its bytes are one of these. */
const inlineTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/**
 * The email's parts that have a Content-ID and are images by their bytes, as data: URLs keyed by
 * lower-case Content-ID (without <>). The declared type is not trusted either way: senders label
 * inline images `application/octet-stream` (corpus email 5423), and a part labelled image/png may be
 * anything.
 */
export async function inlineImages(db: Queryable, muid: number, storage: Pick<FileStorage, 'get'>): Promise<Map<string, string>> {
  const r = await db.query<{ content_id: string; storage_key: string | null; content: Uint8Array | null }>(
    'select content_id, storage_key, content from email_attachments where muid = $1 and content_id is not null order by id',
    [muid],
  );
  const out = new Map<string, string>();
  for (const a of r.rows) {
    const bytes = a.content ? Buffer.from(a.content) : a.storage_key ? await storage.get(a.storage_key).catch(() => null) : null;
    if (!bytes) continue;
    const type = await fileTypeFromBuffer(bytes.subarray(0, 4100));
    if (!type || !inlineTypes.has(type.mime)) continue;
    out.set(a.content_id.trim().replace(/^<|>$/g, '').toLowerCase(), `data:${type.mime};base64,${bytes.toString('base64')}`);
  }
  return out;
}

/**
 * `cid:` references of an HTML text replaced by the parts they name (unknown ones left as they
 * are): for the detail view and the body popup, which the browser then sanitises.
 */
export function resolveCidRefs(html: string, images: ReadonlyMap<string, string>): string {
  if (images.size === 0) return html;
  return html.replace(/cid:([^"'\s)>]+)/gi, (all, id: string) => {
    let key = id;
    try {
      key = decodeURIComponent(id);
    } catch {
      // keep it as written
    }
    return images.get(key.replace(/^<|>$/g, '').toLowerCase()) ?? all;
  });
}
