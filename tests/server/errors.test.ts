import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimit, buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db/Db';
import { internalErrorMessage } from '../../src/server/errorHandler';
import { httpError } from '../../src/server/httpError';
import { testConfig } from './helpers/testContext';
import { openTestDb } from './helpers/testDb';

/** A real listening server (not inject), so "the server stays up" is checked over TCP. */
describe('bad requests get JSON errors and the server stays up', () => {
  let db: Db;
  let app: FastifyInstance;
  let url: string;
  const logLines: string[] = [];
  const config = testConfig({ logLevel: 'info' });
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (d: Buffer) => logLines.push(...d.toString().split('\n').filter(Boolean)));
    db = await openTestDb();
    app = await buildApp({ config, db }, { logStream });
    // Test-only routes: one with a body schema, one that fails unexpectedly, one that refuses on purpose.
    // `public` is the access declaration every /api route needs (see src/server/auth/authPlugin.ts).
    const open = { public: true };
    app.post(
      '/api/test/echo',
      { config: open, schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' }, s: { type: 'string' } } } } },
      async (req) => req.body,
    );
    app.get('/api/test/boom', { config: open }, async () => {
      throw new Error('connection string postgres://secret@db/private exploded');
    });
    app.get('/api/test/refuse', { config: open }, async () => {
      throw httpError(409, 'This product is locked by another user');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  async function expectStillUp() {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  }

  async function expectJsonError(res: Response, status: number, error: string, message?: RegExp | string) {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { error: string; message: string };
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body.error).toBe(error);
    if (typeof message === 'string') expect(body.message).toBe(message);
    else if (message) expect(body.message).toMatch(message);
    return body;
  }

  it('accepts a well-formed body (the control case)', async () => {
    const res = await post('/api/test/echo', '{"n": 3, "s": "x"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 3, s: 'x' });
  });

  it('malformed JSON -> 400', async () => {
    await expectJsonError(await post('/api/test/echo', '{"n": 3,'), 400, 'Bad Request', /not valid JSON/);
    await expectStillUp();
  });

  it('empty JSON body -> 400', async () => {
    await expectJsonError(await post('/api/test/echo', ''), 400, 'Bad Request');
    await expectStillUp();
  });

  it('wrong types -> 400 naming the field', async () => {
    await expectJsonError(await post('/api/test/echo', '{"n": "three"}'), 400, 'Bad Request', /body\/n must be integer/);
    await expectJsonError(await post('/api/test/echo', '{"s": "x"}'), 400, 'Bad Request', /must have required property 'n'/);
    await expectJsonError(await post('/api/test/echo', '[1,2]'), 400, 'Bad Request', /body must be object/);
    await expectStillUp();
  });

  it('unknown /api routes -> 404 for every method', async () => {
    await expectJsonError(await fetch(`${url}/api/nope`), 404, 'Not Found', 'Route GET /api/nope not found');
    await expectJsonError(await post('/api/nope?x=1', '{}'), 404, 'Not Found', 'Route POST /api/nope not found');
    await expectJsonError(await fetch(`${url}/api`, { method: 'DELETE' }), 404, 'Not Found');
    await expectStillUp();
  });

  it('a body over the limit -> 413', async () => {
    const big = JSON.stringify({ n: 1, s: 'x'.repeat(bodyLimit + 10) });
    await expectJsonError(await post('/api/test/echo', big), 413, 'Payload Too Large');
    await expectStillUp();
  });

  it('an unsupported content type -> 415', async () => {
    await expectJsonError(await post('/api/test/echo', 'n=3', 'application/x-www-form-urlencoded'), 415, 'Unsupported Media Type');
    await expectStillUp();
  });

  it('an error thrown on purpose keeps its status and message', async () => {
    await expectJsonError(await fetch(`${url}/api/test/refuse`), 409, 'Conflict', 'This product is locked by another user');
  });

  it('an unexpected failure -> 500 with a generic message; the stack goes to the log with the request id', async () => {
    const res = await fetch(`${url}/api/test/boom`);
    const requestId = res.headers.get('x-request-id');
    const body = await expectJsonError(res, 500, 'Internal Server Error', internalErrorMessage);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain('secret');
    expect(raw).not.toContain('errors.test');
    const logged = logLines.map((l) => JSON.parse(l) as { reqId?: string; level: number; err?: { message: string; stack: string } });
    const entry = logged.find((l) => l.reqId === requestId && l.err);
    expect(entry?.level).toBe(50);
    expect(entry?.err?.message).toContain('exploded');
    expect(entry?.err?.stack).toContain('errors.test');
    await expectStillUp();
  });
});

describe('client routes', () => {
  let app: FastifyInstance;
  let db: Db;
  const config = testConfig();
  beforeAll(async () => {
    const clientDir = join(config.dataDir, 'dist');
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Content Portal</title>');
    writeFileSync(join(clientDir, 'assets/app-1234.js'), 'console.log(1)');
    db = await openTestDb();
    app = await buildApp({ config: { ...config, clientDir }, db });
    // A large JSON answer, like GET /api/metadata (~190 KB).
    app.get('/api/test/large', { config: { public: true } }, async () => ({ rows: Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `row ${i}` })) }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    config.cleanup();
  });

  it('serves built files, and index.html for any other non-/api GET (single page app)', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const path of ['/', '/errorpage', '/products/12/edit?tab=2']) {
      const page = await app.inject({ url: path });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<title>Content Portal</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends a precompressed asset as it is, and compresses a large API answer per Accept-Encoding (issue 17)', async () => {
    const clientDir = join(config.dataDir, 'dist');
    const script = 'console.log("precompressed");'.repeat(100);
    writeFileSync(join(clientDir, 'assets/big-5678.js'), script);
    writeFileSync(join(clientDir, 'assets/big-5678.js.br'), brotliCompressSync(script));
    const asset = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/api/test/large' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const packed = await app.inject({ url: '/api/test/large', headers: { 'accept-encoding': encoding } });
      expect(packed.headers['content-encoding'], encoding).toBe(encoding);
      expect(packed.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
      expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('never answers an unknown /api path with the page', async () => {
    const res = await app.inject({ url: '/api/products/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'Route GET /api/products/nope not found' });
  });

  it('a non-GET to a client path is a 404 JSON error', async () => {
    const res = await app.inject({ method: 'POST', url: '/errorpage' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Not Found');
  });
});
