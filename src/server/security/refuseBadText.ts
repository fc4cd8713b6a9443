import type { FastifyInstance } from 'fastify';
import { httpError } from '../httpError';

/** A high surrogate not followed by a low one, or a low one not after a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const badTextMessage = 'Text may not contain the NUL character (\\u0000) or a lone surrogate (invalid Unicode).';

/**
 * True when a string anywhere in `v` (keys included) holds U+0000 or is not well-formed UTF-16 (a
 * lone surrogate). Iterative: bodies are already depth-checked.
 */
export function hasBadText(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') {
      if (x.includes('\u0000') || loneSurrogate.test(x)) return true;
    } else if (Array.isArray(x)) stack.push(...x);
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) stack.push(k, y);
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000 and its JSON refuses a lone surrogate (`\ud800`), so a body,
 * query or path parameter carrying one would fail in SQL as a 500; no field of the portal needs
 * either. Refused at the edge with 400 (issue 26 §11).
 */
export function installBadTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (hasBadText(req.params) || hasBadText(req.query) || hasBadText(req.body)) throw httpError(400, badTextMessage);
  });
}
