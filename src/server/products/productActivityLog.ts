import type { ProductLogRow } from '../../api/products';
import type { Queryable } from '../db/Db';
import type { MetadataModel } from '../../engine';
import { productEngine } from './productEngine';
import { isStatusAction, statusActionLabel } from './statusActions';

interface ActivityRow {
  username: string | null;
  user_id: number | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date | string;
}

const fixed: Record<string, string> = {
  create: 'Created the product',
  update: 'Updated the product',
  soft_delete: 'Deleted the product',
  restore: 'Restored the product',
  upload: 'Uploaded a file',
  send_link: 'Sent a link to the product',
  move_and_delete: 'Moved and deleted the product',
  move_target: 'Received panelists by move and delete',
  pdf_processed: 'Processed the PDF',
  resample: 'Resampled the PDF pages',
  default_image: 'Chose the default page image',
  rotate_image: 'Rotated a page image',
};

/** A changed document key in the users' words: its field or block title from the metadata; none for the server's bookkeeping (updated_at, metadata_version). */
export function keyTitle(model: MetadataModel | undefined, key: string): string | undefined {
  if (!model) return key;
  return model.fieldByPath.get(key)?.title ?? model.blocks.find((b) => b.path === key)?.title;
}

/** Plain words for one activity row: what was done and which fields changed (by their labels). */
export function describeActivity(action: string, after: Record<string, unknown> | null, model?: MetadataModel): string {
  const parts = action.split('+');
  let what = parts
    .map((a) => (isStatusAction(a) ? `Status set to ${statusActionLabel(a)}` : (fixed[a] ?? a)))
    .join(', ');
  if (action === 'upload' && after && typeof after.file_name === 'string') what = `Uploaded ${after.file_name}`;
  if (action === 'send_link' && after && Array.isArray(after.user_email)) what = `Sent a link to ${after.user_email.join(', ')}`;
  if (action === 'move_and_delete' && after && typeof after.target_entry_id === 'string') what = `Moved panelists to entry ${after.target_entry_id} and deleted the product`;
  if (action === 'pdf_failed' && after && typeof after.error === 'string') what = `PDF not processed: ${after.error}`;
  if (action === 'pdf_processed' && after && typeof after.pages === 'number') what = `Processed the PDF: ${after.pages} ${after.pages === 1 ? 'page' : 'pages'}`;
  if ((action === 'default_image' || action === 'rotate_image') && after && typeof after.img_document_sort === 'number') {
    what = action === 'default_image' ? `Chose page ${after.img_document_sort} as the default image` : `Rotated page ${after.img_document_sort}${typeof after.rotation === 'number' ? ` to ${after.rotation}°` : ''}`;
  }
  const skip = new Set(['last_worked_user', 'product_status', 'is_deleted', 'product_id']);
  const fields = action === 'update' || isStatusAction(action) ? Object.keys(after ?? {}).filter((k) => !skip.has(k)) : [];
  const titles = [...new Set(fields.map((k) => keyTitle(model, k)).filter((t): t is string => !!t))].sort();
  return titles.length ? `${what}: ${titles.join(', ')}` : what;
}

/** The Product Activity Log (001 §2, §3 Log row): newest first. */
export async function productActivityLog(db: Queryable, productId: number): Promise<ProductLogRow[]> {
  const r = await db.query<ActivityRow>(
    `select username, user_id, action, before, after, at from activity where entity = 'product' and entity_id = $1 order by at desc, id desc limit 1000`,
    [String(productId)],
  );
  const { model } = productEngine().engine;
  return r.rows.map((a) => ({
    userid: a.username ?? (a.user_id !== null ? String(a.user_id) : 'system'),
    ProductActivity: describeActivity(a.action, a.after, model),
    logDate: new Date(a.at).toISOString(),
  }));
}
