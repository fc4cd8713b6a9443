import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DashboardRequest, DashboardResponse, SearchCriteria } from '../api/emailTypes';
import { signAccessToken } from './auth/tokens';
import type { Db } from './db/Db';
import { rehearse } from './db/rehearsal';
import { listColumns } from './emails/emailColumns';
import { emailStatuses } from './emails/emailStatuses';
import { warmUpHeader } from './metrics/metricsRoutes';
import type { FileStorage } from './storage/FileStorage';

/** What each warmed request answered, by route (`POST /api/emails/list`: 200), or why none ran. */
export type WarmedRoutes = { ran: Record<string, number> } | { skipped: string };

/** Rounds of the hot requests: enough for every lazily compiled function to have run (and the hottest to tier up). */
const defaultRounds = 3;
/** What the warm-up's session needs: the dashboard's list and status change, a product's read, save and upload. */
const needed: Array<[string, string]> = [['dashboard', 'view'], ['dashboard', 'edit'], ['product', 'view'], ['product', 'edit'], ['product', 'add']];
/** The smallest PDF the upload's content sniffing accepts. */
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const boundary = '----portal-warm-up';
const upload = Buffer.concat([
  Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="product_media"; filename="warm-up.pdf"\r\ncontent-type: application/pdf\r\n\r\n`),
  pdf,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const search: SearchCriteria = {
  query: 'warmupnomatch', by_id: false, by_subject: true, by_body: true, by_sender_name: false, by_sender_email: false,
  from_day: '', from_month: '', from_year: '', to_day: '', to_month: '', to_year: '',
  show_blank: false, show_unused: false, show_used: false, show_copy: false, show_junk: false,
  hide_read: false, flags: [], panelist: '', state: '', country: '0', owner_type: '', partition: '',
};

/**
 * Runs the requests users send most through the whole app in process (Fastify's inject), before the
 * server listens: a dashboard page, a word search, an email's status change, a product read and its
 * save, a new product's PDF upload. Each goes through the hooks, the session check, validation,
 * the handler, the engine, the SQL and the compressed serialisation, so an instance a load balancer
 * adds answers its first requests with that code compiled and its lazy parts made, instead of the
 * first users paying for it while the requests behind them queue.
 *
 * It changes nothing: it signs in through a session row of its own (an enabled user whose role
 * has the operations, without a password to change; none: skipped) that it deletes afterwards, the
 * writes run in transactions that roll back (rehearse), and the uploaded file and its staged row
 * are removed; its requests are not timed into /metrics (warmUpHeader). Targets are the first listed email and the first product; with none, those
 * requests are left out.
 */
export async function warmRoutes(app: FastifyInstance, db: Db, storage: FileStorage, opts: { rounds?: number } = {}): Promise<WarmedRoutes> {
  const user = await db.query<{ user_id: number; session_version: number }>(
    `select u.user_id, u.session_version from auth_users u join auth_roles r on r.role_id = u.role_id
      where not u.disabled and not u.must_change_password and r.all_sectors
        and (select count(*) from auth_role_permissions p where p.role_id = u.role_id and (p.module, p.operation) in (select * from unnest($1::text[], $2::text[]))) = $3
      order by u.user_id limit 1`,
    [needed.map(([m]) => m), needed.map(([, o]) => o), needed.length],
  );
  const who = user.rows[0];
  if (!who) return { skipped: 'no enabled user with the dashboard and product operations and a password of their own' };
  const rt = app.authRuntime;
  const sessionId = randomUUID();
  const now = rt.settings.now();
  await db.query(
    `insert into auth_sessions (session_id, user_id, created_at, last_activity, expires_at, address, user_agent) values ($1, $2, $3, $3, $4, '127.0.0.1', 'portal warm-up')`,
    [sessionId, who.user_id, new Date(now).toISOString(), new Date(now + 60_000).toISOString()],
  );
  const ran: Record<string, number> = {};
  try {
    const token = await signAccessToken(rt.key, { userId: who.user_id, sessionId, sessionVersion: who.session_version }, now, 60);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip', ...warmUpHeader };
    const send = async (method: 'GET' | 'POST', url: string, payload?: object | Buffer, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> => {
      const res = await app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload }) });
      ran[`${method} ${url.replace(/\/\d+$/, '/:id')}`] = res.statusCode;
      return res;
    };
    const json = <T>(res: LightMyRequestResponse): T | undefined => (res.statusCode === 200 ? (JSON.parse(decoded(res)) as T) : undefined);
    const columns = await listColumns(db);
    const page: DashboardRequest = { page: 1, perpage: 50, panelist: 'all', dashboard: 'focus', sorting_field: columns.defaultSort.field, sorting_direction: columns.defaultSort.direction };
    const product = (await db.query<{ id: number }>('select min(product_id) as id from products where is_deleted = 0')).rows[0]?.id;
    const { selectable, locked } = emailStatuses();
    for (let round = 0; round < (opts.rounds ?? defaultRounds); round++) {
      const listed = json<DashboardResponse>(await send('POST', '/api/emails/list', page))?.payload ?? [];
      await send('POST', '/api/emails/search', { search, request: page });
      const email = listed.find((e) => !locked.includes(e.deleted));
      const status = selectable.find((s) => s !== email?.deleted);
      if (email && status !== undefined) await rehearse(() => send('POST', '/api/emails', { type: 'update', payload: [{ muid: email.muid, deleted: status }] }));
      if (product !== null && product !== undefined) {
        const opened = json<{ payload: object }>(await send('GET', `/api/product/${product}`));
        if (opened) await rehearse(() => send('POST', '/api/addProduct', opened.payload));
      }
      const staged = json<{ payload: { staged_upload?: string } }>(await send('POST', '/api/upload-product-media', upload, { 'content-type': `multipart/form-data; boundary=${boundary}` }));
      const token = staged?.payload.staged_upload;
      if (token) {
        const row = await db.query<{ storage_key: string }>('delete from staged_uploads where token = $1 returning storage_key', [token]);
        for (const r of row.rows) await storage.delete(r.storage_key);
      }
    }
  } finally {
    await db.query('delete from auth_sessions where session_id = $1', [sessionId]);
  }
  return { ran };
}

/** A response body as text: inject hands back the bytes as compressed. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}
