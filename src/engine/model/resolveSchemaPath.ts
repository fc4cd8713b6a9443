import type { MetadataModel } from './MetadataModel';
import { normalizeRef } from './refs';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A schema that says nothing about its shape accepts any path below it. */
function isOpen(s: Obj): boolean {
  return !('type' in s) && !('properties' in s) && !('items' in s) && !('$ref' in s) && !('oneOf' in s) && !('anyOf' in s) && !('const' in s) && !('enum' in s);
}

export function deref(s: Obj, model: MetadataModel, depth = 0): Obj {
  if (typeof s.$ref === 'string' && depth < 20 && !s.$ref.startsWith('#')) {
    const target = model.schemas.get(normalizeRef(s.$ref));
    if (target) return deref(target.schema, model, depth + 1);
  }
  return s;
}

/**
 * The schema at a document path (`panelists.0.stateID`, `sectors.*.*.id`), or undefined when the
 * path names nothing. Numeric and `*` segments step into array items.
 */
export function resolveSchemaPath(schema: unknown, segs: readonly string[], model: MetadataModel, i = 0): Obj | undefined {
  if (!isObj(schema)) return undefined;
  const s = deref(schema, model);
  if (i === segs.length) return s;
  const seg = segs[i];
  if (isObj(s.properties) && isObj(s.properties[seg])) {
    const r = resolveSchemaPath(s.properties[seg], segs, model, i + 1);
    if (r) return r;
  }
  if ((s.type === 'array' || 'items' in s) && (seg === '*' || /^\d+$/.test(seg))) {
    return resolveSchemaPath(isObj(s.items) ? s.items : {}, segs, model, i + 1);
  }
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    const alts = s[key];
    if (!Array.isArray(alts) || alts.some((a) => isObj(a) && 'const' in a)) continue;
    for (const alt of alts) {
      const r = resolveSchemaPath(alt, segs, model, i);
      if (r) return r;
    }
  }
  if (isObj(s.additionalProperties)) return resolveSchemaPath(s.additionalProperties, segs, model, i + 1);
  if (s.additionalProperties === true || isOpen(s)) return {};
  return undefined;
}
