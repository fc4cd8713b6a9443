import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthResponse } from '../../src/api/types';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import type { MetadataStatusResponse } from '../../src/api/metadataStatus';
import { metadataHash } from '../../src/server/metadataHash';
import { MetadataStore, metadataStore } from '../../src/server/metadata/metadataStore';
import { watchMetadata } from '../../src/server/metadata/watchMetadata';
import { projectRoot } from '../../src/server/paths';
import { postgresPoolSize } from '../../src/server/db/postgresDb';
import { createTestDatabase, openTestDb, testDbKind } from './helpers/testDb';
import { testConfig } from './helpers/testContext';
import { copyMigratedDb, startServer } from './helpers/startServer';
import { startInProcess } from './helpers/startInProcess';

describe('GET /api/health (in process)', () => {
  let db: Db;
  let app: FastifyInstance;
  const config = testConfig();
  beforeAll(async () => {
    db = await openTestDb();
    app = await buildApp({ config, db });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  it(`answers status ok, the database kind (${testDbKind}) and the metadata hash`, async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<HealthResponse>();
    expect(body).toEqual({ status: 'ok', db: testDbKind, metadata: metadataHash() });
    expect(body.metadata).toMatch(/^[0-9a-f]{64}$/);
  });

  it.runIf(testDbKind === 'postgres')('answers while every pooled connection is taken: its check has a connection of its own', async () => {
    let free!: () => void;
    const busy = new Promise<void>((r) => (free = r));
    let taken = 0;
    let allTaken!: () => void;
    const full = new Promise<void>((r) => (allTaken = r));
    const holding = db.forEachConnection(async () => {
      if (++taken === postgresPoolSize) allTaken();
      await busy;
    });
    await full;
    let queuedAnswered = false;
    const queued = db.query('select 1').then(() => (queuedAnswered = true));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      // A request for a pooled connection is still waiting: the check did not take one.
      expect(queuedAnswered).toBe(false);
    } finally {
      free();
      await holding;
      await queued;
    }
  });

  it('gives every response a request id, keeping a well-formed one the caller sent', async () => {
    const own = await app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(own.headers['x-request-id']);
    const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-42.a:b' } });
    expect(given.headers['x-request-id']).toBe('proxy-42.a:b');
    const hostile = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\ny <script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metadataHash', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-meta-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is a sha256 over the sorted paths and contents of schemas/ and rules/', () => {
    const empty = metadataHash(root);
    expect(empty).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'); // sha256 of nothing
    mkdirSync(join(root, 'schemas/codes'), { recursive: true });
    mkdirSync(join(root, 'rules/delivery'), { recursive: true });
    mkdirSync(join(root, 'src'), { recursive: true });
    writeFileSync(join(root, 'schemas/codes/a.json'), '{"a":1}');
    writeFileSync(join(root, 'rules/delivery/r.json'), '[]');
    const first = metadataHash(root);
    expect(first).not.toBe(empty);
    expect(metadataHash(root)).toBe(first);

    writeFileSync(join(root, 'src/other.ts'), 'not metadata');
    expect(metadataHash(root)).toBe(first);

    writeFileSync(join(root, 'schemas/codes/a.json'), '{"a":2}');
    const changed = metadataHash(root);
    expect(changed).not.toBe(first);

    renameSync(join(root, 'schemas/codes/a.json'), join(root, 'schemas/codes/b.json'));
    expect(metadataHash(root)).not.toBe(changed);
  });
});

// Child processes load the demo data: slow on a busy 2-core machine. Their database is
// the embedded one whatever the suite runs on: the PostgreSQL pass skips them.
describe('portal serve (child process)', { timeout: 240_000 }, () => {
  it.runIf(testDbKind === 'pglite')('seeds on the first start, answers /api/health, stops cleanly, does not seed again on the second start, and does not watch the metadata', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
    const metadataDir = mkdtempSync(join(tmpdir(), 'portal-metadata-'));
    try {
      // From the suite's migrated copy (db.test.ts migrates a fresh database), without the demo inbox
      // (nor the model trainings it brings): seed.test.ts loads the inbox in process.
      copyMigratedDb(dataDir);
      const first = await startServer({ dataDir, env: { DEMO_EMAILS: '0' } });
      const res = await fetch(`${first.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', db: 'pglite', metadata: metadataHash() });
      expect(first.output()).toContain(`Content Portal is running at http://localhost:${first.port}`);
      expect(first.output()).toContain('seed: loading demo data');
      // SIGTERM: fastify closes, then the database, and the process exits 0.
      expect(await first.stop()).toEqual({ code: 0, signal: null });
      // The second start (what `serve` runs, in this process: the first proved the command line) serves a
      // copy of the metadata (METADATA_DIR): `serve`, unlike `dev`, does not watch it, so a broken save
      // changes nothing it serves or reports.
      for (const sub of ['schemas', 'rules']) cpSync(join(projectRoot, sub), join(metadataDir, sub), { recursive: true });
      const second = await startInProcess(dataDir, { METADATA_DIR: metadataDir, LOG_LEVEL: 'warn' });
      try {
        expect(second.output()).toContain(`Content Portal is running at http://localhost:${second.port}`);
        expect(second.output()).not.toContain('seed: loading demo data');
        expect(second.output()).not.toContain('migrate: applied');
        expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
        const started = metadataHash(metadataDir);
        const status = async () => (await (await fetch(`${second.url}/api/metadata/status`)).json()) as MetadataStatusResponse;
        expect(await status()).toEqual({ version: started, watching: false, problems: [] });
        // A control: `portal dev`'s watcher on the same folder. Once it has reloaded and reported the broken
        // save, a watcher in `serve` would have too: the check waits for that, not for a length of time.
        const control = new MetadataStore(metadataDir);
        const reported: string[] = [];
        const watcher = watchMetadata(control, { print: (line) => reported.push(line) });
        try {
          writeFileSync(join(metadataDir, 'rules/product/visibility.json'), '{ "rules": [');
          await expect.poll(() => reported.some((line) => /^metadata: \d+ problem\(s\) after rules\/product\/visibility\.json/.test(line))).toBe(true);
          expect(control.problems.length).toBeGreaterThan(0);
        } finally {
          watcher.close();
        }
        expect(await status()).toEqual({ version: started, watching: false, problems: [] });
      } finally {
        await second.stop();
      }
      // A start on that broken save refuses, naming the problem: it served the other files without
      // it (no visibility rules: every sub-form on every product), saved under them, and said nothing
      // but a log line. (A folder of its own: the process keeps one metadata store per folder.)
      const broken = mkdtempSync(join(tmpdir(), 'portal-metadata-broken-'));
      try {
        cpSync(metadataDir, broken, { recursive: true });
        const kept = metadataStore();
        await expect(startInProcess(dataDir, { METADATA_DIR: broken, LOG_LEVEL: 'warn' })).rejects.toThrow(
          /^the metadata in .* has 1 problem\(s\), so the portal does not start on it .*\n {2}rules\/product\/visibility\.json:\$: not valid JSON: /,
        );
        // The refused files do not become the process's metadata: later saves here were stamped with their version.
        expect(metadataStore()).toBe(kept);
      } finally {
        rmSync(broken, { recursive: true, force: true });
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(metadataDir, { recursive: true, force: true });
    }
  });

  it.runIf(testDbKind === 'postgres')('answers db "postgres" when DATABASE_URL is set', async () => {
    const database = await createTestDatabase();
    try {
      const server = await startServer({ env: { DATABASE_URL: database.url, DEMO_EMAILS: '0' } });
      try {
        const res = await fetch(`${server.url}/api/health`);
        expect(await res.json()).toEqual({ status: 'ok', db: 'postgres', metadata: metadataHash() });
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
