import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadPdfDetails, ViewImagesResponse } from '../../src/api/media';
import type { Db } from '../../src/server/db/Db';
import { openDb } from '../../src/server/db/openDb';
import { demoCorpusFiles } from '../../src/server/import/importDemoCorpus';
import { listFiles } from '../../src/server/import/readSources';
import { storageRoot } from '../../src/server/storage/fsStorage';
import { referencedStorageKeys } from '../../src/server/storage/referencedStorageKeys';
import { sweepOrphanFiles } from '../../src/server/storage/sweepOrphanFiles';
import { scoreJob } from '../../src/server/predictions/predictionJobs';
import { adminPassword, adminToken, apiAs, createProductApi } from '../e2e/productKit';
import { fullSize, sized } from '../helpers/testSize';
import { makePdf, numberedPages } from './helpers/makePdf';
import { metricsRegistry } from '../../src/server/metrics/portalMetrics';
import { copySeededDataDir, startServer, type StartedServer } from './helpers/startServer';
import { startInProcess } from './helpers/startInProcess';
import { runPortal } from '../helpers/runPortal';
import { createSeededTestDatabase, testDbKind } from './helpers/testDb';
import { testStorage, testStorageEnv } from './helpers/testStorage';
import { approvableProduct } from './productsKit';

// Issue 31 item 2 (and 001 §2: PDF processing is a background job that survives a restart): kill
// -9 the server in the middle of a job, start it again: the job resumes or is retried, nothing is
// stored twice, and storage and rows agree. On PGlite here, on PostgreSQL in CI's second pass
// (there another instance's liveness lock tells that the job's instance died).

/**
 * How much of the corpus the import test drops in (300 in `npm test`: a stored batch of 250 before the kill, the rest
 * after it): all 6,046 messages in the full run (`npm run test:full`, or CRASH_IMPORT_MESSAGES=all).
 */
const importCount = process.env.CRASH_IMPORT_MESSAGES === 'all' || (fullSize && !process.env.CRASH_IMPORT_MESSAGES) ? Infinity : Number(process.env.CRASH_IMPORT_MESSAGES ?? 300);
/** Demo emails of the scoring test. */
const scoringEmails = sized(2000, 300);
/** Pages of the rendered PDF: the kill lands after page 2, the restart renders the rest (each page costs a render). */
const pdfPages = sized(30, 8);
const metricsToken = 'crash-test-metrics-token';

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 400_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const series = (text: string, name: string, labels: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

/** One series of the server's /metrics (0 when absent). */
async function metric(server: StartedServer, name: string, labels: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  return series(await res.text(), name, labels);
}

/** One series of this process's registry: what an in-process server's /metrics starts from (other files count in it too). */
const ownMetric = async (name: string, labels: string): Promise<number> => series(await metricsRegistry.metrics(), name, labels);

/** Rows and files agree: no row without its file; no file without its row (on PostgreSQL after the sweep's grace). */
async function expectStorageMatchesRows(db: Db, dataDir: string): Promise<void> {
  const storage = testStorage(dataDir);
  if (testDbKind === 'postgres') {
    // A killed instance's uncommitted files wait out the hourly sweep's grace (another instance may be
    // mid-transaction); with every instance stopped, the sweep removes them now.
    await sweepOrphanFiles(db, storage, { olderThanMs: 0 });
  }
  const keys = await referencedStorageKeys(db);
  const files = new Set<string>();
  for await (const f of storage.walk('')) files.add(f.key);
  expect([...keys].filter((k) => !files.has(k)), 'rows without their file').toEqual([]);
  expect([...files].filter((k) => !keys.has(k) && !/^emails\/\d+\/processed\.pdf$/.test(k)), 'files without their row').toEqual([]);
  // Nor a temporary file of a write the kill cut short (walk never lists those; object storage has none).
  const dir = storageRoot(dataDir);
  const partial = existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp')) : [];
  expect(partial, 'unfinished writes left').toEqual([]);
}

/** A killed job went back to the queue and completed on a later attempt. */
async function expectRetriedAndCompleted(db: Db, kind: string): Promise<void> {
  const r = await db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state = 'completed' and retry_count > 0`, [kind]);
  expect(r.rows[0].n, `${kind} retried after the kill`).toBeGreaterThanOrEqual(1);
  const left = await db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state in ('active', 'failed')`, [kind]);
  expect(left.rows[0].n).toBe(0);
}

describe(`crash safety of jobs (${testDbKind})`, { timeout: 900_000 }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  });
  /**
   * A data directory (and on PostgreSQL a database) that survive the kill, starting as a copy of the
   * suite's seeded demo data without emails: the first start neither migrates nor seeds.
   */
  const place = async (name: string) => {
    const dataDir = join(tmp, name);
    mkdirSync(dataDir);
    const database = testDbKind === 'postgres' ? await createSeededTestDatabase('empty') : undefined;
    if (database) cleanups.push(() => database.drop());
    else copySeededDataDir('empty', dataDir);
    const open = () => openDb({ dataDir, databaseUrl: database?.url });
    return { dataDir, env: { PORTAL_ADMIN_PASSWORD: adminPassword, PORTAL_METRICS_TOKEN: metricsToken, ...(database ? { DATABASE_URL: database.url } : {}) }, open };
  };
  /** The instance the test kills: a process of its own. */
  const start = async (dataDir: string, env: Record<string, string>) => {
    const server = await startServer({ dataDir, env, timeoutMs: 400_000 });
    cleanups.push(() => server.stop());
    return server;
  };
  /** The restart after the kill: what `portal serve` runs, in this process (what it finds is the point, not its process). */
  const restart = async (dataDir: string, env: Record<string, string>) => {
    const server = await startInProcess(dataDir, { ...env, LOG_LEVEL: 'warn' });
    cleanups.push(() => server.stop());
    return server;
  };

  it(`imports the corpus exactly once when killed mid-import (${importCount === Infinity ? 'all 6,046 messages' : `${importCount} messages`})`, async () => {
    const p = await place('import');
    const drop = join(tmp, 'drop');
    const files = demoCorpusFiles().slice(0, importCount);
    const corpusRoot = join(files[0], '..', '..');
    for (const f of files) cpSync(f, join(drop, relative(corpusRoot, f)));
    const env = { ...p.env, DEMO_EMAILS: '0', DEMO_PDFS: '0', IMPORT_DROP_DIR: drop, IMPORT_INTERVAL_MS: '1000' };

    // The scan holds once its first batch is stored (PORTAL_TEST_PAUSE_AT), so the kill lands mid-import however fast the machine.
    let server: StartedServer = await start(p.dataDir, { ...env, PORTAL_TEST_PAUSE_AT: 'import.dropFolder' });
    // Killed once at least one batch is stored and while files still wait to be imported.
    await until('the first stored batch', async () => ((await metric(server, 'portal_import_messages_total', 'outcome="imported"')) >= 250 ? true : undefined));
    await server.kill();
    const waiting = listFiles(drop, (n) => n === 'processed').length;
    expect(waiting, 'the import was still running at the kill').toBe(files.length);

    server = await restart(p.dataDir, env);
    // The scan the restart queues may import the files before the killed job's retry (1 s later) runs:
    // wait for that too (no scan retrying or running; the ticker keeps one created).
    const scans = (state: string) => metric(server, 'portal_jobs', `kind="import.dropFolder",state="${state}"`);
    await until('every dropped file imported and the killed scan retried', async () =>
      listFiles(drop, (n) => n === 'processed').length === 0 && (await scans('retry')) === 0 && (await scans('active')) === 0 ? true : undefined,
    );
    await server.stop();

    const db = await p.open();
    try {
      const emails = (await db.query<{ n: number; distinct: number }>('select count(*)::int as n, count(distinct raw_sha256)::int as distinct from emails')).rows[0];
      expect(emails.n).toBe(emails.distinct);
      if (importCount === Infinity) expect(emails.n).toBe(6046);
      // The last (completed) import accounts for every file, and for exactly the stored emails.
      const last = (await db.query<{ id: number; total: number }>('select id, total from import_jobs where end_time is not null order by id desc limit 1')).rows[0];
      expect(last.total).toBe(files.length);
      const accounted = await db.query<{ n: number }>('select count(distinct db_muid)::int as n from import_logs where job_id = $1 and db_muid is not null', [last.id]);
      expect(accounted.rows[0].n).toBe(emails.n);
      const raws = await db.query<{ n: number }>('select count(*)::int as n from email_raw');
      expect(raws.rows[0].n).toBe(emails.n);
      await expectRetriedAndCompleted(db, 'import.dropFolder');
      await expectStorageMatchesRows(db, p.dataDir);
    } finally {
      await db.close();
    }
  });

  it(`finishes a PDF render once when killed mid-render (${pdfPages} pages)`, async () => {
    const p = await place('pdf');
    const env = { ...p.env, DEMO_EMAILS: '0', DEMO_PDFS: '0' };
    // The render holds once page 2 is stored (PORTAL_TEST_PAUSE_AT), so the kill lands mid-render however fast the machine.
    let server: StartedServer = await start(p.dataDir, { ...env, PORTAL_TEST_PAUSE_AT: 'pdf.render' });
    let token = await adminToken(server);
    const id = await createProductApi(server, token, approvableProduct({ product_pdf: '' }));
    const form = new FormData();
    form.append('product_id', String(id));
    form.append('file', new Blob([new Uint8Array(await makePdf(numberedPages(pdfPages)))], { type: 'application/pdf' }), 'catalogue.pdf');
    const up = await fetch(`${server.url}/api/upload-product-media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(up.status, await up.text()).toBe(200);
    const details = (s: StartedServer, t: string) => apiAs<{ payload: UploadPdfDetails }>(s, t, `/api/upload-pdf?product_id=${id}`).then((r) => r.payload);
    const before = await until('a few pages', async () => {
      const d = await details(server, token);
      return (d.processing.pages_done ?? 0) >= 2 ? d : undefined;
    });
    await server.kill();
    expect(before.processing.status).toBe('running');
    expect(before.processing.pages_done).toBeLessThan(pdfPages);
    // The killed render's lease is pushed an hour out: only the queue's retry of the dead instance's
    // job (its liveness, not the lease) can resume it within the test.
    const db0 = await p.open();
    try {
      const leased = await db0.query(`update product_pdf_jobs set lease_until = now() + interval '1 hour' where product_id = $1 and status = 'running' returning file_id`, [id]);
      expect(leased.rows).toHaveLength(1);
    } finally {
      await db0.close();
    }

    const rendersBefore = await ownMetric('portal_pdf_render_seconds_count', 'kind="product_pdf"');
    server = await restart(p.dataDir, env);
    token = await adminToken(server);
    const after = await until('the render to finish', async () => {
      const d = await details(server, token);
      return d.processing.status === 'done' || d.processing.status === 'failed' ? d : undefined;
    });
    expect(after.processing).toMatchObject({ status: 'done', pages: pdfPages, pages_done: pdfPages });
    expect(after.pdf_text).toContain(`Offer page ${pdfPages} of ${pdfPages}`);
    const images = await apiAs<ViewImagesResponse>(server, token, `/api/view-images?product_id=${id}&show=all`);
    expect(images.payload.map((i) => i.img_document_sort)).toEqual(Array.from({ length: pdfPages }, (_, i) => i + 1));
    expect(images.payload.filter((i) => i.img_document_default === 1)).toHaveLength(1);
    expect(await metric(server, 'portal_pdf_render_seconds_count', 'kind="product_pdf"')).toBe(rendersBefore + 1);
    await server.stop();

    const db = await p.open();
    try {
      const pages = await db.query<{ page: number }>('select page from product_images where product_id = $1 order by page', [id]);
      expect(pages.rows.map((r) => r.page)).toEqual(Array.from({ length: pdfPages }, (_, i) => i + 1));
      const done = await db.query<{ n: number }>("select count(*)::int as n from activity where entity = 'product' and entity_id = $1 and action = 'pdf_processed'", [String(id)]);
      expect(done.rows[0].n).toBe(1);
      // The restart resumed the same job (its second attempt): it did not start a new one.
      const job = await db.query<{ attempts: number }>('select attempts from product_pdf_jobs where product_id = $1', [id]);
      expect(job.rows).toEqual([{ attempts: 2 }]);
      await expectStorageMatchesRows(db, p.dataDir);
    } finally {
      await db.close();
    }
  });

  it(`scores every email once when killed mid-scoring (${scoringEmails} demo emails)`, async () => {
    // The suite's demo data without emails, given the inbox and the models' trainings in this process
    // (`portal seed` is idempotent): the spawned start then only scores.
    const p = await place('score');
    const env = { ...p.env, DEMO_EMAILS: String(scoringEmails), DEMO_PDFS: '0' };
    const seeded = await runPortal(['seed'], { env: { ...env, DATA_DIR: p.dataDir, LOG_LEVEL: 'warn', ...testStorageEnv(p.dataDir) } });
    expect(seeded.status, seeded.stderr).toBe(0);
    type Status = { scored: Record<string, number> };
    const scored = async (s: StartedServer, t: string) => Object.values((await apiAs<Status>(s, t, '/api/spacey/status')).scored).reduce((a, b) => a + b, 0);
    const scoringJobs = async (s: StartedServer, state: string) => metric(s, 'portal_jobs', `kind="${scoreJob}",state="${state}"`);

    // The first start trains the demo models and, once listening, queues the scoring of the inbox;
    // the job holds after its first stored batch (PORTAL_TEST_PAUSE_AT), so the kill lands inside it.
    let server: StartedServer = await start(p.dataDir, { ...env, PORTAL_TEST_PAUSE_AT: scoreJob });
    let token = await adminToken(server);
    await until('a scoring job part-way through', async () => ((await scoringJobs(server, 'active')) >= 1 && (await scored(server, token)) > 0 ? true : undefined));
    await server.kill();

    // What the kill left: one scoring job active (its instance dead), part of the inbox scored.
    let goal: number;
    let killedJob: string;
    const newest = 'select max(version) as version from prediction_models group by variant';
    const db0 = await p.open();
    try {
      const running = await db0.query<{ id: string }>(`select id::text as id from pgboss.job where name = $1 and state = 'active'`, [scoreJob]);
      expect(running.rows.length, 'a scoring job was running at the kill').toBe(1);
      killedJob = running.rows[0].id;
      const emails = (await db0.query<{ n: number }>('select count(*)::int as n from emails')).rows[0].n;
      const versions = (await db0.query<{ version: number }>(newest)).rows.length;
      expect(versions).toBeGreaterThanOrEqual(1);
      goal = emails * versions;
      const atKill = (await db0.query<{ n: number }>(`select count(*)::int as n from email_predictions where model_version in (${newest})`)).rows[0].n;
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(goal);
    } finally {
      await db0.close();
    }

    server = await restart(p.dataDir, env);
    token = await adminToken(server);
    await until('every email scored and no scoring job waiting or running', async () => {
      if ((await scored(server, token)) !== goal) return undefined;
      const busy = (await scoringJobs(server, 'created')) + (await scoringJobs(server, 'retry')) + (await scoringJobs(server, 'active'));
      return busy === 0 ? true : undefined;
    });
    await server.stop();

    const db = await p.open();
    try {
      // Each email once per newest model version: none missing, none twice.
      const per = await db.query<{ version: number; n: number; distinct: number; missing: number }>(
        `select v.version, count(p.muid)::int as n, count(distinct p.muid)::int as distinct,
                (select count(*)::int from emails e where not exists (select 1 from email_predictions q where q.muid = e.muid and q.model_version = v.version)) as missing
           from (${newest}) v left join email_predictions p on p.model_version = v.version group by v.version`,
      );
      const emails = goal / per.rows.length;
      for (const r of per.rows) expect(r, `model version ${r.version}`).toEqual({ version: r.version, n: emails, distinct: emails, missing: 0 });
      // The job running at the kill went back to the queue and completed on a later attempt; none failed.
      const killed = await db.query<{ state: string; retry_count: number }>('select state::text as state, retry_count from pgboss.job where id = $1', [killedJob]);
      expect(killed.rows[0].state).toBe('completed');
      expect(killed.rows[0].retry_count).toBeGreaterThanOrEqual(1);
      const left = await db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and state in ('active', 'failed')`, [scoreJob]);
      expect(left.rows[0].n).toBe(0);
      await expectStorageMatchesRows(db, p.dataDir);
    } finally {
      await db.close();
    }
  });
});
