import type { AuthContext } from '../auth/AuthContext';
import type { Queryable } from '../db/Db';

/** A products row as the server works with it (bigint columns as numbers, dates as YYYY-MM-DD). */
export interface ProductRow {
  product_id: number;
  muid: number | null;
  entry_id: string | null;
  document: Record<string, unknown>;
  product_status: number;
  media_channel: number | null;
  entry_date: string | null;
  is_deleted: number;
  index_name: string;
  added_to_database: string;
  updated_at: string;
  metadata_version: string | null;
  last_worked_user: string | null;
}

const columns = `product_id::text as product_id, muid::text as muid, entry_id, document, product_status, media_channel,
  to_char(entry_date, 'YYYY-MM-DD') as entry_date, is_deleted, index_name, added_to_database, updated_at, metadata_version, last_worked_user`;

type RawRow = Omit<ProductRow, 'product_id' | 'muid' | 'added_to_database' | 'updated_at'> & {
  product_id: string;
  muid: string | null;
  added_to_database: Date | string;
  updated_at: Date | string;
};

function fromRaw(r: RawRow): ProductRow {
  return {
    ...r,
    product_id: Number(r.product_id),
    muid: r.muid === null ? null : Number(r.muid),
    added_to_database: new Date(r.added_to_database).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function findProduct(db: Queryable, productId: number, opts: { forUpdate?: boolean } = {}): Promise<ProductRow | undefined> {
  const r = await db.query<RawRow>(`select ${columns} from products where product_id = $1${opts.forUpdate ? ' for update' : ''}`, [productId], { prepare: true });
  return r.rows[0] ? fromRaw(r.rows[0]) : undefined;
}

/** The product catalogued from an email: the newest one not deleted, else the newest deleted one. */
export async function findProductByMuid(db: Queryable, muid: number): Promise<ProductRow | undefined> {
  const r = await db.query<RawRow>(`select ${columns} from products where muid = $1 order by is_deleted, product_id desc limit 1`, [muid]);
  return r.rows[0] ? fromRaw(r.rows[0]) : undefined;
}

/** The product of an entry (the newest not deleted). */
export async function findProductByEntryId(db: Queryable, entryId: string): Promise<ProductRow | undefined> {
  const r = await db.query<RawRow>(`select ${columns} from products where entry_id = $1 and is_deleted = 0 order by product_id desc limit 1`, [entryId]);
  return r.rows[0] ? fromRaw(r.rows[0]) : undefined;
}

/** The columns a document determines (lists and lookups read them, not the JSON). */
export function columnsOf(doc: Record<string, unknown>): { muid: number | null; entry_id: string | null; product_status: number; media_channel: number | null; entry_date: string | null } {
  const muid = typeof doc.muid === 'number' || (typeof doc.muid === 'string' && /^\d{1,18}$/.test(doc.muid)) ? Number(doc.muid) : null;
  const channel = Number(doc.media_channel);
  const date = typeof doc.entry_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(doc.entry_date) ? doc.entry_date : null;
  return {
    muid,
    entry_id: typeof doc.entry_id === 'string' && doc.entry_id ? doc.entry_id : null,
    product_status: Number.isInteger(Number(doc.product_status)) ? Number(doc.product_status) : 0,
    media_channel: doc.media_channel !== null && doc.media_channel !== undefined && doc.media_channel !== '' && Number.isInteger(channel) ? channel : null,
    entry_date: date,
  };
}

/** The next product id, so the stored document can carry its own id from the first write. */
export async function nextProductId(db: Queryable): Promise<number> {
  const r = await db.query<{ id: string }>("select nextval(pg_get_serial_sequence('products', 'product_id'))::text as id");
  return Number(r.rows[0].id);
}

export async function insertProduct(db: Queryable, productId: number, doc: Record<string, unknown>, meta: { version: string; user: string | null }): Promise<ProductRow> {
  const c = columnsOf(doc);
  const r = await db.query<RawRow>(
    `insert into products (product_id, muid, entry_id, document, product_status, media_channel, entry_date, metadata_version, last_worked_user)
     values ($1, $2, $3, $4::jsonb, $5, $6, $7::date, $8, $9) returning ${columns}`,
    [productId, c.muid, c.entry_id, JSON.stringify(doc), c.product_status, c.media_channel, c.entry_date, meta.version, meta.user],
  );
  return fromRaw(r.rows[0]);
}

export async function updateProduct(db: Queryable, productId: number, doc: Record<string, unknown>, meta: { version: string; user: string | null }): Promise<ProductRow> {
  const c = columnsOf(doc);
  const r = await db.query<RawRow>(
    `update products set muid = $2, entry_id = $3, document = $4::jsonb, product_status = $5, media_channel = $6, entry_date = $7::date,
            metadata_version = $8, last_worked_user = $9, updated_at = now()
      where product_id = $1 returning ${columns}`,
    [productId, c.muid, c.entry_id, JSON.stringify(doc), c.product_status, c.media_channel, c.entry_date, meta.version, meta.user],
    { prepare: true },
  );
  return fromRaw(r.rows[0]);
}

export async function setDeleted(db: Queryable, productId: number, deleted: 0 | 1, user: string | null): Promise<void> {
  await db.query(
    `update products set is_deleted = $2::int, document = jsonb_set(document, '{is_deleted}', to_jsonb($2::int)), last_worked_user = $3, updated_at = now()
      where product_id = $1`,
    [productId, deleted, user],
  );
}

/**
 * What the API returns for a product: the document with the columns the server owns laid over it
 * (id, muid, entry id, status, deletion, index name, last worked user) and `productId` / `isMobile`
 * as GET product/{muid} answers them (001 §7).
 */
export function productPayload(row: ProductRow): Record<string, unknown> {
  const doc = row.document;
  return {
    ...doc,
    product_id: row.product_id,
    productId: row.product_id,
    muid: row.muid !== null ? String(row.muid) : (doc.muid ?? null),
    entry_id: row.entry_id,
    product_status: row.product_status,
    is_deleted: row.is_deleted,
    index_name: row.index_name,
    last_worked_user: row.last_worked_user,
    isMobile: shownIsMobile(doc),
    metadata_version: row.metadata_version,
    added_to_database: row.added_to_database,
    updated_at: row.updated_at,
  };
}

/** The Mobile flag as the API shows it: a document stored without one (demo or imported data) reads 0. */
const shownIsMobile = (doc: Record<string, unknown>): unknown => doc.isMobile ?? 0;

/**
 * A stored document as the editor was given it (productPayload's defaults), to compare a save with:
 * the editor sends back `isMobile: 0` for a document stored without it, which the activity log then
 * listed as a change to Mobile that nobody made.
 */
export const asShownToEditor = (doc: Record<string, unknown>): Record<string, unknown> => ({ ...doc, isMobile: shownIsMobile(doc) });

/** Top-level keys whose values differ, as {before, after} holding only those keys. */
export function changedKeys(before: Record<string, unknown> | null, after: Record<string, unknown> | null): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before, after };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    if (k in before) b[k] = before[k];
    if (k in after) a[k] = after[k];
  }
  return { before: b, after: a };
}

/**
 * One activity row for a product write (who, what, when, before/after), and the editor load it came from when the
 * product editor sent one (editorIdOf): a later save from another load of the same user is then a conflict.
 */
export async function recordProductActivity(
  db: Queryable,
  auth: AuthContext | null,
  productId: number,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  editorId?: string,
): Promise<void> {
  await db.query(
    `insert into activity (user_id, username, entity, entity_id, action, before, after, editor_id) values ($1, $2, 'product', $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [auth?.userId ?? null, auth?.username ?? null, String(productId), action, before === null ? null : JSON.stringify(before), after === null ? null : JSON.stringify(after), editorId ?? null],
  );
}
