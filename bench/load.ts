import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DashboardResponse } from '../src/api/emailTypes';
import { listRequest, search } from './loadRequests';
import { createTestDatabase } from '../tests/server/helpers/testDb';
import { startServer, type StartedServerProcess } from '../tests/server/helpers/startServer';
import type { Bench, BenchRow } from './BenchRow';

/** Simulated users, run time and think time; LOAD_USERS / LOAD_SECONDS / LOAD_THINK_MS override (the soak: LOAD_SECONDS=600). */
const users = Number(process.env.LOAD_USERS ?? 50);
const seconds = Number(process.env.LOAD_SECONDS ?? 20);
const thinkMs = Number(process.env.LOAD_THINK_MS ?? 1000);
const budgetMs = 200;
const adminPassword = 'load-bench-password';
const defaultPg = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';


type Action = 'list' | 'search' | 'status' | 'open' | 'save';
interface Sample {
  action: Action;
  ms: number;
  ok: boolean;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** RSS of a server process in MB (Linux /proc). */
async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Issue 17 item 5: simulated users against two portal instances sharing one PostgreSQL server. Each
 * user signs nothing itself (one admin session, valid on both instances) and loops: list a page,
 * search, change an email's status, open a product, save it back; each request goes to the other
 * instance than the last, with a think time between actions. Reports p95 per run, errors, and the
 * instances' RSS at start and end (the soak's flat-memory check with LOAD_SECONDS=600).
 */
async function benchLoad(): Promise<BenchRow[]> {
  const admin = process.env.TEST_DATABASE_URL ?? defaultPg;
  process.env.TEST_DATABASE_URL = admin;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  try {
    database = await createTestDatabase();
  } catch (e) {
    const why = `no PostgreSQL server at ${admin.replace(/\/\/[^@]*@/, '//')}: ${(e as Error).message} (start one: su postgres -c 'pg_ctlcluster 15 main start')`;
    return [{ figure: 'load: p95, two instances on PostgreSQL', value: NaN, unit: 'ms', budget: `< ${budgetMs}`, pass: false, detail: why }];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
  const env = { DATABASE_URL: database.url, PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '2000', LOG_LEVEL: 'warn' };
  const servers: StartedServerProcess[] = [];
  try {
    // The first instance migrates and seeds; the second joins the same database and files.
    servers.push(await startServer({ env, dataDir, timeoutMs: 600_000 }));
    servers.push(await startServer({ env, dataDir, timeoutMs: 600_000 }));
    const [a] = servers;
    const signIn = await fetch(`${a.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', origin: a.url }, body: JSON.stringify({ username: 'admin', password: adminPassword }) });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const token = ((await signIn.json()) as { payload: { access_token: string } }).payload.access_token;
    const headers = (url: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: url, 'accept-encoding': 'br, gzip' });

    const call = async (url: string, path: string, init: { method?: string; body?: unknown } = {}) => {
      const res = await fetch(`${url}${path}`, { method: init.method ?? 'GET', headers: headers(url), body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      const text = await res.text();
      return { status: res.status, text };
    };
    // Targets: Focus emails and demo products that exist in this database.
    const focus = JSON.parse((await call(a.url, '/api/emails/list', { method: 'POST', body: listRequest(1) })).text) as DashboardResponse;
    const muids = focus.payload.map((e) => e.muid);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const productIds = (await client.query<{ id: string }>('select product_id::text as id from products where is_deleted = 0 order by product_id limit 40')).rows.map((r) => Number(r.id));
    await client.end();
    if (!muids.length || !productIds.length) throw new Error(`no targets: ${muids.length} emails, ${productIds.length} products`);

    // RSS is compared from the end of a warm-up (a quarter of the run, at most a minute: JIT, pools,
    // caches), so the figure shows growth under steady load, not the first requests' allocation.
    // Sampled every few seconds after it; start and end are medians of the first and last six
    // samples, so one GC cycle's peak is not the figure.
    const warmupMs = Math.min(60, seconds / 4) * 1000;
    const rssSamples: number[][] = [];
    const sampler = setInterval(() => {
      if (Date.now() - (end - seconds * 1000) >= warmupMs) void Promise.all(servers.map((s) => rssMb(s.pid))).then((r) => rssSamples.push(r));
    }, Math.max(1000, (seconds * 1000) / 120));
    const samples: Sample[] = [];
    const failures: string[] = [];
    const end = Date.now() + seconds * 1000;
    let turn = 0;
    const timed = async (action: Action, path: string, init?: { method?: string; body?: unknown }) => {
      const server = servers[turn++ % servers.length];
      const t0 = performance.now();
      const res = await call(server.url, path, init).catch((e: Error) => ({ status: 0, text: e.message }));
      const ok = res.status === 200;
      samples.push({ action, ms: performance.now() - t0, ok });
      if (!ok && failures.length < 5) failures.push(`${action} ${path}: ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    };
    const think = () => new Promise((r) => setTimeout(r, thinkMs * (0.5 + Math.random())));
    const user = async (n: number) => {
      // Users start spread over one think time, not all in the same millisecond.
      await new Promise((r) => setTimeout(r, (n / users) * thinkMs));
      for (let i = 0; Date.now() < end; i++) {
        await timed('list', '/api/emails/list', { method: 'POST', body: listRequest(1 + (i % 3)) });
        await think();
        await timed('search', '/api/emails/search', { method: 'POST', body: { search, request: listRequest(1) } });
        await think();
        const muid = muids[(n + i) % muids.length];
        await timed('status', '/api/emails', { method: 'POST', body: { type: 'update', payload: [{ muid, deleted: i % 2 }] } });
        await think();
        const opened = await timed('open', `/api/product/${productIds[(n + i) % productIds.length]}`);
        await think();
        if (opened.status === 200) {
          const product = (JSON.parse(opened.text) as { payload: Record<string, unknown> }).payload;
          await timed('save', '/api/addProduct', { method: 'POST', body: product });
          await think();
        }
      }
    };
    await Promise.all(Array.from({ length: users }, (_, n) => user(n)));
    clearInterval(sampler);
    const medianOf = (rows: number[][], i: number) => quantile(rows.map((r) => r[i]), 0.5);
    const head = rssSamples.slice(0, 6);
    const tail = rssSamples.slice(-6);
    const rssStart = servers.map((_, i) => medianOf(head, i));
    const rssEnd = servers.map((_, i) => medianOf(tail, i));

    const all = samples.map((s) => s.ms);
    const errors = samples.filter((s) => !s.ok).length;
    const per = (['list', 'search', 'status', 'open', 'save'] as const).map((act) => `${act} p95 ${quantile(samples.filter((s) => s.action === act).map((s) => s.ms), 0.95).toFixed(0)} ms`).join(', ');
    // Growth is what a leak looks like; memory given back after the warm-up peak is not.
    const rssChange = Math.max(...rssEnd.map((r, i) => (r - rssStart[i]) / rssStart[i]));
    const setup = `${users} users, ${seconds} s, think ${thinkMs} ms ±50%, two instances on PostgreSQL, ${samples.length} requests (${(samples.length / seconds).toFixed(0)}/s)`;
    return [
      { figure: 'load: p95, two instances on PostgreSQL', value: Math.round(quantile(all, 0.95)), unit: 'ms', budget: `< ${budgetMs}`, pass: quantile(all, 0.95) < budgetMs, detail: `${setup}; ${per}; p50 ${quantile(all, 0.5).toFixed(0)} ms` },
      { figure: 'load: errors', value: errors, unit: 'requests', budget: '0', pass: errors === 0, detail: failures.join(' | ') || 'none' },
      {
        figure: 'load: RSS growth over the run (max of the two instances)',
        value: Math.round(rssChange * 100),
        unit: '%',
        budget: seconds >= 600 ? '<= 10' : 'report (soak: LOAD_SECONDS=600, <= 10)',
        pass: seconds >= 600 ? rssChange <= 0.1 : true,
        detail: `after warm-up ${rssStart.map((r) => r.toFixed(0)).join(' / ')} MB, end ${rssEnd.map((r) => r.toFixed(0)).join(' / ')} MB (medians of 6 samples); range ${servers.map((_, i) => `${Math.min(...rssSamples.map((r) => r[i])).toFixed(0)}–${Math.max(...rssSamples.map((r) => r[i])).toFixed(0)}`).join(' / ')} MB over ${rssSamples.length} samples`,
      },
    ];
  } finally {
    for (const s of servers) await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * `npm run bench -- load` is the failover run (bench/failover.ts: HAProxy, 200 users, a kill -9 at
 * 30 s); the steady two-instance run above is the soak (LOAD_SECONDS=600) or LOAD_MODE=steady.
 */
const steady = process.env.LOAD_MODE === 'steady' || seconds >= 600;
export const loadBench: Bench = { name: 'load', run: async () => (steady ? benchLoad() : (await import('./failover')).benchFailover()) };
