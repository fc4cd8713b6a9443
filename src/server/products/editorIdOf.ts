import type { FastifyRequest } from 'fastify';
import { editorIdHeader, editorIdPattern } from '../../shared/editorIdHeader';

/** The product editor load a write comes from (its header), or undefined: a script, another screen, an older client. */
export function editorIdOf(req: FastifyRequest): string | undefined {
  const value = req.headers[editorIdHeader];
  return typeof value === 'string' && editorIdPattern.test(value) ? value : undefined;
}
