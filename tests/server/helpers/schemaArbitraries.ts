import fc from 'fast-check';

/** A JSON Schema as the routes declare it (plain JSON). */
export type Schema = Record<string, unknown>;

/** Shared schemas by `$id` (what `api#/definitions/X` and `products#/definitions/X` point into). */
export type SchemaDocs = Record<string, Schema>;

/**
 * Values that break assumptions: wrong types, numbers beyond a double's exact range or a bigint,
 * digit strings too long for an id, empty and huge strings, control characters, lone surrogates,
 * nested containers. Each is valid JSON.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1.5, -0.5, 2147483648, 9999999999, 1e20, -1e20, 9223372036854775808, 2 ** 53 + 2, 1e308, -1e308,
    '', ' ', '0', '-1', '1e20', '2147483648', '9999999999', '999999999999999', '99999999999999999999999', '9223372036854775808', 'NaN', 'null', 'true',
    '\u0000', '\ud800', '%00', '../../etc/passwd', '<script>alert(1)</script>', "' or 1=1 --", '\\', '${1}', 'ÿ'.repeat(300),
    'a'.repeat(70_000), {}, [], [null], [[[]]], { a: { b: {} } }, { length: 1e9 }, [1e20], ['x'.repeat(5000)],
  ),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Strings for a path parameter: hostile text, huge and negative numbers, and `known` ids that exist. */
export const paramValue = (known: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('0', '-1', '1e20', '2147483648', '9999999999', '999999999999999', '99999999999999999999999', '9223372036854775808', '1.5', 'abc', ' ', '%', '..', '\u0000', 'ÿ'.repeat(300), 'a'.repeat(5000)),
    ...(known.length ? [fc.constantFrom(...known)] : []),
    fc.string({ maxLength: 30 }),
  );

const maxDepth = 6;

/** Resolves `doc#/definitions/Name` (or `#/definitions/Name` inside `doc`). */
function resolve(docs: SchemaDocs, ref: string, current: string | undefined): { schema: Schema; doc: string | undefined } {
  const [docId, pointer] = ref.split('#');
  const doc = docId || current;
  const root = doc ? docs[doc] : undefined;
  if (!root || !pointer) return { schema: {}, doc };
  let node: unknown = root;
  for (const seg of pointer.split('/').filter(Boolean)) node = (node as Record<string, unknown> | undefined)?.[decodeURIComponent(seg)];
  return { schema: (node as Schema | undefined) ?? {}, doc };
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * Values of a JSON Schema (the keywords the routes use: type, properties, required, items, enum,
 * const, pattern, min/max, anyOf/oneOf/allOf, $ref), small and mostly valid, so a malformed one
 * built from them passes the outer checks and reaches deeper code.
 */
export function schemaValue(docs: SchemaDocs, schema: Schema | undefined, doc?: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > maxDepth) return fc.constant(null);
  if (typeof schema.$ref === 'string') {
    const r = resolve(docs, schema.$ref, doc);
    return schemaValue(docs, r.schema, r.doc, depth + 1);
  }
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  for (const k of ['anyOf', 'oneOf'] as const) {
    const options = schema[k];
    if (Array.isArray(options) && options.length) return fc.oneof(...(options as Schema[]).map((o) => schemaValue(docs, o, doc, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return schemaValue(docs, Object.assign({}, ...(schema.allOf as Schema[])), doc, depth + 1);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : schema.properties ? ['object'] : [];
  if (!types.length) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => valueOfType(docs, schema, t, doc, depth)));
}

function valueOfType(docs: SchemaDocs, schema: Schema, type: string, doc: string | undefined, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: Math.max(num(schema.minimum, -1000), -1e6), max: Math.min(num(schema.maximum, 1e6), 1e6) });
    case 'number':
      return fc.double({ min: Math.max(num(schema.minimum, -1e6), -1e6), max: Math.min(num(schema.maximum, 1e6), 1e6), noNaN: true, noDefaultInfinity: true });
    case 'string': {
      const max = Math.min(num(schema.maxLength, 40), 40);
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, num(schema.maxLength, 1000)));
      if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: Math.min(num(schema.minLength, 0), max), maxLength: max });
    }
    case 'array': {
      const minLength = num(schema.minItems, 0);
      return fc.array(schemaValue(docs, (schema.items as Schema | undefined) ?? {}, doc, depth + 1), { minLength, maxLength: Math.max(minLength, Math.min(num(schema.maxItems, 3), 3)) });
    }
    case 'object': {
      const props = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const required = ((schema.required as string[] | undefined) ?? []).filter((k) => k in props);
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, schemaValue(docs, s, doc, depth + 1)]));
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path to a value inside `v` (the root is []). */
function pathsOf(v: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...at, k], out);
  return out;
}

function replaceAt(v: unknown, path: Array<string | number>, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? replaceAt(x, rest, value) : x));
  const copy = { ...(v as Record<string, unknown>) };
  copy[head] = replaceAt(copy[head], rest, value);
  return copy;
}

/**
 * Malformed inputs for a schema: a hostile value in place of the whole, or a value of the schema with
 * one place inside it (any depth) replaced by a hostile value, or with an unknown key added.
 */
export function malformedValue(docs: SchemaDocs, schema: Schema | undefined): fc.Arbitrary<unknown> {
  const valid = schemaValue(docs, schema);
  return fc.oneof(
    { weight: 1, arbitrary: hostileValue },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), hostileValue).map(([v, i, h]) => {
        const paths = pathsOf(v);
        return replaceAt(v, paths[i % paths.length], h);
      }),
    },
    { weight: 1, arbitrary: fc.tuple(valid, fc.string({ maxLength: 12 }), hostileValue).map(([v, k, h]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [k]: h } : v)) },
  );
}
