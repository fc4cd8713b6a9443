import type { MetadataModel } from '../model/MetadataModel';
import { normalizeRef } from '../model/refs';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored product holding codes that are gone. */
export interface ProductHolding {
  id: string;
  /** `field path = code` for each value found (`delivery.delivery_method = 8`). */
  values: string[];
}

/** The document paths (`*` for list items) whose values come from `tableId`: `$ref`s and `x-codes` lists. */
export function pathsCodedBy(model: MetadataModel, tableId: string): string[][] {
  const out: string[][] = [];
  const seen = new Set<string>();
  const walk = (schema: Obj, segs: string[]) => {
    const refs = [typeof schema.$ref === 'string' ? normalizeRef(schema.$ref) : undefined, ...(Array.isArray(schema['x-codes']) ? schema['x-codes'].map(String).map(normalizeRef) : [])];
    if (refs.includes(tableId) && !seen.has(segs.join('.'))) {
      seen.add(segs.join('.'));
      out.push(segs);
    }
    if (isObj(schema.items)) walk(schema.items, [...segs, '*']);
    if (isObj(schema.properties)) for (const [k, s] of Object.entries(schema.properties)) if (isObj(s)) walk(s, [...segs, k]);
  };
  for (const f of model.fields) walk(f.schema as Obj, f.segs);
  return out;
}

/** Values at a path with `*` over list items; a list at the end is spread (multi-selects). */
function valuesAt(doc: unknown, segs: string[], i = 0, out: unknown[] = []): unknown[] {
  if (i === segs.length) {
    if (Array.isArray(doc)) out.push(...doc);
    else if (doc !== undefined && doc !== null && doc !== '') out.push(doc);
    return out;
  }
  if (segs[i] === '*') {
    if (Array.isArray(doc)) for (const item of doc) valuesAt(item, segs, i + 1, out);
    return out;
  }
  return isObj(doc) ? valuesAt(doc[segs[i]], segs, i + 1, out) : out;
}

/**
 * The products whose documents hold one of `codes` in a field coded by `tableId` (after a code
 * import drops them: values the table no longer knows), with where each value sits.
 */
export function productsHoldingCodes(
  model: MetadataModel, tableId: string, codes: ReadonlyArray<string | number>, products: Iterable<{ id: string; doc: unknown }>,
): ProductHolding[] {
  const gone = new Set(codes.map(String));
  const paths = pathsCodedBy(model, tableId);
  const out: ProductHolding[] = [];
  if (!gone.size || !paths.length) return out;
  for (const p of products) {
    const values: string[] = [];
    for (const segs of paths) {
      for (const v of valuesAt(p.doc, segs)) if (gone.has(String(v))) values.push(`${segs.join('.')} = ${JSON.stringify(v)}`);
    }
    if (values.length) out.push({ id: p.id, values: [...new Set(values)] });
  }
  return out;
}
