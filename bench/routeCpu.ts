import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { Agent, FormData, request } from 'undici';
import { listRequest, search } from './loadRequests';
import { startLoopbackS3Process } from '../tests/server/helpers/loopbackS3Process';
import { minimalPdf } from '../tests/server/helpers/portalClient';
import { startServer } from '../tests/server/helpers/startServer';
import { createTestDatabase } from '../tests/server/helpers/testDb';
import { postgresBackendsCpu, postgresCpuBetween, processCpuSeconds } from './processCpu';

/**
 * CPU per request by route, of the failover run's actions (bench/failover.ts): one instance on a
 * fresh PostgreSQL database with the same demo data and files in object storage; each action sent
 * ROUTE_CPU_REQUESTS times (default 300), four at a time, and the CPU seconds the instance, its
 * PostgreSQL backends and s3rver used meanwhile divided by the count. Counted work, not wall time,
 * so it says what each route costs even on a busy machine (where it still reads 20-50 % high).
 * Run: npx tsx bench/routeCpu.ts
 */
const count = Number(process.env.ROUTE_CPU_REQUESTS ?? 300);
const atOnce = 4;
const password = 'route-cpu-bench-password';


async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  const s3 = await startLoopbackS3Process();
  const env = { ...s3.env, DATABASE_URL: database.url, STORAGE_URL: `s3://${s3.bucket}/portal`, PORTAL_ADMIN_PASSWORD: password, DEMO_EMAILS: '2000', LOG_LEVEL: 'warn' };
  const server = await startServer({ env, timeoutMs: 600_000 });
  const agent = new Agent();
  try {
    const url = server.url;
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ username: 'admin', password }) });
    const token = ((await signIn.json()) as { payload: { access_token: string } }).payload.access_token;
    const send = async (path: string, init: { body?: unknown; form?: FormData } = {}): Promise<string> => {
      const res = await request(`${url}${path}`, {
        dispatcher: agent,
        method: init.body === undefined && !init.form ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, origin: url, 'accept-encoding': 'br, gzip', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const enc = res.headers['content-encoding'];
      const text = (enc === 'br' ? brotliDecompressSync(bytes) : enc === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${text.slice(0, 200)}`);
      return text;
    };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Each status change flips its email between the first two statuses, so every one writes.
    const statusOf = new Map((await client.query<{ muid: string; deleted: number }>('select muid::text, deleted from emails where deleted in (0, 1) order by muid limit 200')).rows.map((r) => [Number(r.muid), r.deleted]));
    const muids = [...statusOf.keys()];
    const products = (await client.query<{ id: string }>('select product_id::text as id from products where is_deleted = 0 order by product_id limit 50')).rows.map((r) => Number(r.id));
    await client.end();
    const documents = new Map<number, unknown>();
    for (const id of products) documents.set(id, (JSON.parse(await send(`/api/product/${id}`)) as { payload: unknown }).payload);
    const actions: Record<string, (i: number) => Promise<unknown>> = {
      list: (i) => send('/api/emails/list', { body: listRequest(1 + (i % 3)) }),
      search: () => send('/api/emails/search', { body: { search, request: listRequest(1) } }),
      status: (i) => {
        const muid = muids[i % muids.length];
        statusOf.set(muid, 1 - statusOf.get(muid)!);
        return send('/api/emails', { body: { type: 'update', payload: [{ muid, deleted: statusOf.get(muid) }] } });
      },
      open: (i) => send(`/api/product/${products[i % products.length]}`),
      save: (i) => send('/api/addProduct', { body: documents.get(products[i % products.length]) }),
      upload: (i) => {
        const form = new FormData();
        form.set('product_media', new Blob([new Uint8Array(Buffer.concat([minimalPdf, Buffer.from(`% upload ${i}\n`)]))], { type: 'application/pdf' }), `u${i}.pdf`);
        return send('/api/upload-product-media', { form });
      },
      health: () => send('/api/health'),
    };
    console.log(`CPU ms per request, ${count} requests per action, ${atOnce} at a time (instance user + system / its PostgreSQL backends / s3rver)`);
    // The first round runs each route's code for the first time in this process; the second is the steady cost.
    for (const round of [1, 2]) {
      const line: string[] = [];
      for (const [name, act] of Object.entries(actions)) {
        const cpu0 = processCpuSeconds(server.pid);
        const s30 = processCpuSeconds(s3.pid);
        const pg0 = postgresBackendsCpu(database.name);
        let next = 0;
        await Promise.all(Array.from({ length: atOnce }, async () => {
          while (next < count) await act(next++);
        }));
        const per = (s: number) => ((s * 1000) / count).toFixed(2);
        line.push(`${name} ${per(processCpuSeconds(server.pid) - cpu0)} / ${per(postgresCpuBetween(pg0, postgresBackendsCpu(database.name)))} / ${per(processCpuSeconds(s3.pid) - s30)}`);
      }
      console.log(`round ${round}: ${line.join(', ')}`);
    }
  } finally {
    await agent.close();
    await server.stop();
    await s3.close();
    await database.drop();
  }
}

await main();
