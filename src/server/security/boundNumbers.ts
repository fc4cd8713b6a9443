/**
 * Bound of a request number whose schema names none: every id, page and count the portal takes fits
 * a double exactly and a PostgreSQL bigint, so 1e20 or 2^63 is a 400 at the edge, not an overflow in
 * SQL (issue 26 §11).
 */
export const maxRequestNumber = Number.MAX_SAFE_INTEGER;

type Json = unknown;
/** Keywords whose values are data, not schemas. */
const dataKeywords = new Set(['enum', 'const', 'default', 'examples', 'required']);

const isNumeric = (type: Json) => type === 'integer' || type === 'number' || (Array.isArray(type) && type.some((t) => t === 'integer' || t === 'number'));

/**
 * A copy of a JSON Schema in which every `integer` or `number` without a bound gets
 * ±maxRequestNumber (`minimum`/`maximum`, unless an exclusive bound is given). Applied to every
 * /api route's body, querystring and params and to the shared schemas they `$ref`.
 */
export function boundNumbers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((s: Json) => boundNumbers(s)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(schema as Record<string, Json>)) out[k] = dataKeywords.has(k) ? v : boundNumbers(v);
  if (isNumeric(out.type)) {
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = maxRequestNumber;
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = -maxRequestNumber;
  }
  return out as T;
}
