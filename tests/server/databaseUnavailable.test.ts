import { createServer, type Server, type Socket, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import { databaseUnavailableMessage } from '../../src/server/db/databaseUnavailable';
import { migrate } from '../../src/server/db/migrate';
import { openPostgresDb } from '../../src/server/db/postgresDb';
import { testConfig } from './helpers/testContext';
import { createTestDatabase } from './helpers/testDb';

// A PostgreSQL server that stops answering while the portal runs (stopped, restarted, the network gone):
// the portal reaches it through a TCP relay this test closes, so the pool's connections break and new
// ones are refused, as when the server stops. The answers are the pg client's own errors.
const skipReason = 'TEST_DATABASE_URL is not set: the test needs a PostgreSQL server (CI sets it)';
if (!process.env.TEST_DATABASE_URL) console.warn(`databaseUnavailable.test.ts skipped: ${skipReason}`);

/** A TCP relay to host:port on a fixed local port, which can be cut (listener and every connection) and opened again. */
function relay(host: string, port: number) {
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const open = (listenPort = 0) =>
    new Promise<number>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(port, host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(listenPort, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
    });
  return { open, cut };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL server that stops answering', { timeout: 120_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let app: FastifyInstance;
  const config = testConfig();
  let link: ReturnType<typeof relay>;
  let relayPort = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    link = relay(target.hostname, Number(target.port || 5432));
    relayPort = await link.open();
    const viaRelay = new URL(database.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relayPort);
    db = await openPostgresDb(viaRelay.toString(), { onIdleError: () => undefined });
    await migrate(db);
    app = await buildApp({ config, db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => undefined);
    await link?.cut();
    await database?.drop();
    config.cleanup();
  });

  it("answers 503 'The database is not answering…' with Retry-After while it is gone, and serves again once it is back", async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'nobody', password: 'not-a-password-1' } });
    expect(wrong.statusCode).toBe(401);

    await link.cut();
    for (const req of [
      { method: 'GET' as const, url: '/api/health' },
      { method: 'POST' as const, url: '/api/auth/sign-in', payload: { username: 'nobody', password: 'not-a-password-1' } },
    ]) {
      const res = await app.inject(req);
      expect(res.statusCode, req.url).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({ error: 'Service Unavailable', message: databaseUnavailableMessage });
    }

    await link.open(relayPort);
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode, { timeout: 30_000 }).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { username: 'nobody', password: 'not-a-password-1' } })).statusCode).toBe(401);
  });
});
