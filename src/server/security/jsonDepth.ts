import type { FastifyInstance } from 'fastify';
import { httpError } from '../httpError';

/** Deepest object/array nesting a JSON body may have (the product document needs about 8). */
export const maxJsonDepth = 64;
export const tooDeepMessage = `The JSON body is nested too deeply (more than ${maxJsonDepth} levels).`;

/** The deepest nesting of a JSON text, scanned without recursion (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/**
 * JSON bodies are checked for depth before they are parsed (ASVS V2.2.1): anything deeper than
 * maxJsonDepth is a 400 before any recursive walk (schema validation, the document shaper) sees it.
 * Parsing itself stays Fastify's (prototype-poisoning protection included).
 */
export function installJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text) > maxJsonDepth) {
      done(httpError(400, tooDeepMessage), undefined);
      return;
    }
    parse(req, text, done);
  });
}
