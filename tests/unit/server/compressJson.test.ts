import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAtOnceBytes, compressFromBytes, installJsonCompression } from '../../../src/server/compressJson';

const rows = (n: number) => ({ statusCode: 200, payload: Array.from({ length: n }, (_, i) => ({ muid: i, subject: `Sale ${i} on everything` })) });
const bytesOf = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
const small = rows(2);
const page = rows(50);
let huge = rows(4000);
while (bytesOf(huge) <= compressAtOnceBytes) huge = rows(huge.payload.length * 2);

// The app's pairing (app.ts): JSON answers compressed in one call, everything else by @fastify/compress.
describe('installJsonCompression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installJsonCompression(app);
    await app.register(fastifyCompress, { global: true, threshold: compressFromBytes, encodings: ['br', 'gzip'] });
    app.get('/small', async () => small);
    app.get('/page', async () => page);
    app.get('/huge', async () => huge);
    app.get('/text', async (_req, reply) => reply.type('text/plain').send(Readable.from(['word '.repeat(2000)])));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers br or gzip as Accept-Encoding asks, with a length and Vary, decoding to the same JSON', async () => {
    expect(bytesOf(page)).toBeGreaterThan(compressFromBytes);
    for (const [accept, encoding, decode] of [['br, gzip', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync], ['*', 'gzip', gunzipSync], ['gzip;q=1, br;q=0.5', 'gzip', gunzipSync]] as const) {
      const res = await app.inject({ url: '/page', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.byteLength);
      expect(res.rawPayload.byteLength).toBeLessThan(bytesOf(page) / 3);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(page);
    }
  });

  it('sends plain JSON without Accept-Encoding, with x-no-compression, and below the threshold', async () => {
    for (const [url, headers] of [['/page', {}], ['/page', { 'accept-encoding': 'br', 'x-no-compression': '1' }], ['/page', { 'accept-encoding': 'identity' }], ['/small', { 'accept-encoding': 'br' }]] as const) {
      const res = await app.inject({ url, headers });
      expect(res.headers['content-encoding'], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
      expect(res.json()).toEqual(url === '/small' ? small : page);
    }
  });

  it('leaves streams and JSON over the one-call size to @fastify/compress, which still compresses them', async () => {
    const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'br' } });
    expect(text.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(text.rawPayload).toString()).toBe('word '.repeat(2000));
    const big = await app.inject({ url: '/huge', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(huge);
  });
});
