import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** API answers from this size are worth compressing (as @fastify/compress's threshold). */
export const compressFromBytes = 1024;
/** Up to this size a JSON answer is compressed at once on the event loop (~2 ms at 256 KB); larger ones stream. */
export const compressAtOnceBytes = 256 * 1024;
/** Brotli quality for answers made per request: low, as it runs on every call. */
export const brotliQuality = 4;

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/**
 * Compresses a JSON answer in one call instead of @fastify/compress's per-response stream (pump,
 * a zlib stream, chunked transfer): ~0.5 ms of CPU per answer against ~0.07 ms for the same bytes
 * at the same quality. Registered before @fastify/compress, whose hook then leaves the answer
 * alone (it is encoded); files, streams and larger answers still go through it.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const size = Buffer.byteLength(payload);
    if (size < compressFromBytes || size > compressAtOnceBytes || reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const accept = req.headers['accept-encoding'];
    if (!accept || req.headers['x-no-compression'] !== undefined) return payload;
    // As @fastify/compress reads the header: `*` and x-gzip mean gzip.
    const encoding = encodings.negotiate(accept.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
    if (!encoding) return payload;
    const packed =
      encoding === 'br'
        ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : gzipSync(payload);
    const vary = reply.getHeader('vary');
    if (!String(vary ?? '').toLowerCase().includes('accept-encoding')) reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return packed;
  });
}
