import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/Db';
import { httpError } from '../httpError';
import { noPermissionMessage, requireAuth, requireSector } from './access';
import { hasPermission, type AuthContext } from './AuthContext';
import { portalModules } from './modules';

/**
 * Object-level access (ASVS V8.2.2), one mechanism for every route that reads or changes a record:
 * - emails: the panelist-type modules of schemas/admin/modules.json (`panelist_type: true`) gate the
 *   emails of that type; an email with no panelist type needs only the route's own grant;
 * - products: the role's allowed sectors gate every product whose sector chains name another sector.
 * Routes call these after loading the record (404 stays 404) and before answering or changing it.
 */

/** The panelist types that have a gating module, from the module table. */
export const panelistTypeModules: readonly string[] = portalModules.filter((m) => m.panelist_type).map((m) => m.key);

/** The panelist types a caller may see, or null for all of them. */
export function visiblePanelistTypes(auth: AuthContext | null): string[] | null {
  const visible = panelistTypeModules.filter((t) => hasPermission(auth, t, 'view'));
  return visible.length === panelistTypeModules.length ? null : visible;
}

export function canSeePanelistType(auth: AuthContext | null, type: string | null | undefined): boolean {
  return !type || !panelistTypeModules.includes(type) || hasPermission(auth, type, 'view');
}

function refuse(req: FastifyRequest, what: Record<string, unknown>): never {
  req.log.warn({ user: req.auth?.username, ...what }, 'object access refused');
  throw httpError(403, noPermissionMessage);
}

/** Hands out a query's `$n` placeholders (emails/SqlParams). */
export interface ParamSink {
  add(value: unknown, cast?: string): string;
}

/**
 * The SQL condition narrowing a list of emails to those the caller may see (their panelist type
 * is one the role holds, or they have none), or null when the caller sees every type. `column` is
 * the emails' panelist_type column as the query names it. Every list of emails applies it.
 */
export function visibleEmailsCondition(auth: AuthContext | null, p: ParamSink, column = 'panelist_type'): string | null {
  const visible = visiblePanelistTypes(auth);
  return visible === null ? null : `(${column} is null or ${column} = any(${p.add(visible, 'text[]')}))`;
}

/** 403 unless the caller may see a list of this panelist type ('all' is narrowed, not refused). */
export function requirePanelistType(req: FastifyRequest, type: string | null | undefined): void {
  if (type && type !== 'all' && !canSeePanelistType(req.auth, type)) refuse(req, { panelistType: type });
}

/**
 * 403 unless the caller may see every one of these emails (unknown muids are left to the route's
 * own 404). One query for the whole list.
 */
export async function requireEmailAccess(db: Queryable, req: FastifyRequest, muids: number[]): Promise<void> {
  const auth = requireAuth(req);
  if (visiblePanelistTypes(auth) === null || muids.length === 0) return;
  const r = await db.query<{ muid: string; panelist_type: string | null }>(
    'select muid::text as muid, panelist_type from emails where muid = any($1::bigint[])',
    [muids],
  );
  for (const row of r.rows) if (!canSeePanelistType(auth, row.panelist_type)) refuse(req, { muid: row.muid, panelistType: row.panelist_type });
}

/**
 * 403 unless the caller may see the email a row belongs to (a company kept for it, a forward's
 * attachment, its predictions): loads the row's muid by its id. Returns the muid, or null when
 * there is no such row (the route answers its own 404).
 */
export async function requireEmailOfRow(db: Queryable, req: FastifyRequest, table: 'email_companies' | 'forward_attachments', id: number): Promise<number | null> {
  const key = table === 'email_companies' ? 'id' : 'ceafid';
  const r = await db.query<{ muid: string }>(`select muid::text as muid from ${table} where ${key} = $1`, [id]);
  const muid = r.rows[0] ? Number(r.rows[0].muid) : null;
  if (muid !== null) await requireEmailAccess(db, req, [muid]);
  return muid;
}

/** Level-1 sector ids of a document's sector chains (001 §3 Sector combination). */
export function chainRoots(doc: Record<string, unknown> | null | undefined): number[] {
  const chains = doc?.sectors;
  if (!Array.isArray(chains)) return [];
  const roots: number[] = [];
  for (const chain of chains) {
    const first: unknown = Array.isArray(chain) ? chain[0] : undefined;
    const id = first && typeof first === 'object' ? Number((first as Record<string, unknown>).id) : NaN;
    if (Number.isFinite(id) && !roots.includes(id)) roots.push(id);
  }
  return roots;
}

/** 403 'You do not have permission' unless the caller may use every sector the documents name (reads and writes). */
export function requireProductAccess(req: FastifyRequest, ...docs: Array<Record<string, unknown> | null | undefined>): void {
  for (const doc of docs) for (const id of chainRoots(doc)) requireSector(req, id);
}

/** Loads a product's document and checks it (404 when there is none): for routes that only have an id. */
export async function requireProductIdAccess(db: Queryable, req: FastifyRequest, productId: number): Promise<void> {
  const r = await db.query<{ document: Record<string, unknown> | string }>('select document from products where product_id = $1', [productId]);
  const doc = r.rows[0]?.document;
  if (doc === undefined) return;
  requireProductAccess(req, typeof doc === 'string' ? (JSON.parse(doc) as Record<string, unknown>) : doc);
}

/**
 * The SQL condition narrowing a list of products to those the caller may see (every sector chain
 * of the document starts at an allowed sector, as requireProductAccess decides one by one), or
 * null for a role with every sector. `document` is the products' document column as the query
 * names it. Every list of products applies it.
 */
export function visibleProductsCondition(auth: AuthContext | null, p: ParamSink, document = 'document'): string | null {
  if (auth?.allSectors) return null;
  const allowed = p.add(auth?.sectors ?? [], 'bigint[]');
  return `not exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${document}->'sectors') = 'array' then ${document}->'sectors' else '[]'::jsonb end) chain
    where jsonb_typeof(chain) = 'array' and (chain->0->>'id') ~ '^[0-9]{1,18}$' and (chain->0->>'id')::bigint <> all(${allowed}))`;
}
