import type { FastifyInstance } from 'fastify';
import { httpError } from '../httpError';

export const nulTextMessage = 'Text may not contain the NUL character (\\u0000).';

/** True when a string anywhere in `v` holds U+0000 (iterative: bodies are already depth-checked). */
export function hasNulText(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') {
      if (x.includes('\u0000')) return true;
    } else if (Array.isArray(x)) stack.push(...x);
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) stack.push(k, y);
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a body, query or path parameter carrying one would fail
 * in SQL as a 500; no field of the portal needs it. Refused at the edge with 400 (issue 26 §11).
 */
export function installNulTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (hasNulText(req.params) || hasNulText(req.query) || hasNulText(req.body)) throw httpError(400, nulTextMessage);
  });
}
