import type { MetadataModel } from '../model/MetadataModel';
import { normalizeRef } from '../model/refs';
import { deref } from '../model/resolveSchemaPath';
import type { CodeEntry } from '../types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const ordinals = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** A key in words when its schema has no title: `pp_date` -> "pp date", `companyID` -> "company id". */
export const humanKey = (key: string): string => key.replace(/^x-/, '').replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ID$/, 'id').toLowerCase();

/** A checkbox's label is its box's caption ("Yes"); the field's name is its title. */
const titleOf = (s: Obj | undefined, key: string): string => {
  const ui = s && isObj(s['x-ui']) ? s['x-ui'] : {};
  if (ui.widget === 'checkbox' && typeof s?.title === 'string') return s.title;
  return typeof ui.label === 'string' ? ui.label : typeof s?.title === 'string' ? s.title : humanKey(key);
};

const fieldWords = (f: { title: string; schema: unknown; path: string }) => (isObj(f.schema) ? titleOf({ ...f.schema, title: f.schema.title ?? f.title }, f.path) : f.title);

/** The longest leading part of `segs` that is a field of the model, and its length. */
function fieldPrefix(segs: string[], model: MetadataModel) {
  for (let n = segs.length; n > 0; n--) {
    const f = model.fieldByPath.get(segs.slice(0, n).join('.'));
    if (f) return { field: f, n };
  }
  return undefined;
}

/** One step into a schema: an item for `*` or a number, else a property (undefined when unknown). */
function step(schema: Obj | undefined, seg: string, model: MetadataModel): Obj | undefined {
  if (!schema) return undefined;
  const s = deref(schema, model);
  if (seg === '*' || /^\d+$/.test(seg)) return isObj(s.items) ? s.items : undefined;
  return isObj(s.properties) && isObj(s.properties[seg]) ? s.properties[seg] : undefined;
}

/** The schema at a document path as written (its `$ref` kept, so its codes can be found). */
export function schemaAtPath(path: string, model: MetadataModel): Obj | undefined {
  const segs = path.split('.');
  const pre = fieldPrefix(segs, model);
  if (!pre) return undefined;
  let s: Obj | undefined = pre.field.schema as Obj;
  for (const seg of segs.slice(pre.n)) s = step(s, seg, model);
  return s;
}

/**
 * A document path in words with the metadata's titles: `companies.0.companyName` -> "Company of the
 * first Company", `promotion.promotions.*.buy_x` -> "Buy X of each Promotions". Unknown paths are
 * spelt out ("panel size").
 */
export function pathWords(path: string, model: MetadataModel): string {
  const f = model.fieldByPath.get(path);
  if (f) return fieldWords(f);
  const segs = path.split('.');
  const pre = fieldPrefix(segs, model);
  if (!pre) return segs.map((s) => (/^\d+$/.test(s) ? `#${Number(s) + 1}` : s === '*' ? 'each' : humanKey(s))).join(' ');
  let phrase = fieldWords(pre.field);
  let s: Obj | undefined = pre.field.schema as Obj;
  let indexed = false;
  for (const seg of segs.slice(pre.n)) {
    if (/^\d+$/.test(seg)) {
      const i = Number(seg);
      phrase = indexed ? `item ${i + 1} of ${phrase}` : `the ${ordinals[i] ?? `#${i + 1}`} ${phrase}`;
      indexed = true;
    } else if (seg === '*') {
      phrase = indexed ? `each item of ${phrase}` : `each ${phrase}`;
      indexed = true;
    } else {
      const next = step(s, seg, model);
      phrase = `${titleOf(next, seg)} of ${phrase}`;
      indexed = false;
    }
    s = step(s, seg, model);
  }
  return phrase;
}

/** The title of the last key of a path relative to an item ("Worksite / Voluntary"). */
export function leafWords(path: string, model: MetadataModel): string {
  const key = path.split('.').pop() ?? path;
  const f = model.fieldByPath.get(path);
  if (f) return fieldWords(f);
  return titleOf(schemaAtPath(path, model), key);
}

/** The code entries that name the values of a path: its code table (`$ref`, items' `$ref`, `x-codes`) or titled `oneOf` consts. */
export function codesAtPath(path: string, model: MetadataModel): CodeEntry[] {
  const field = model.fieldByPath.get(path);
  if (field?.codeTable) return field.codeTable.entries;
  const s = field ? (field.schema as Obj) : schemaAtPath(path, model);
  if (!s) return [];
  const refs: unknown[] = [s.$ref, isObj(s.items) ? s.items.$ref : undefined, ...(Array.isArray(s['x-codes']) ? s['x-codes'] : [])];
  const out: CodeEntry[] = [];
  for (const ref of refs) {
    if (typeof ref !== 'string') continue;
    const table = model.codeTables.get(normalizeRef(ref));
    if (table) out.push(...table.entries);
  }
  if (!out.length && Array.isArray(s.oneOf)) {
    for (const alt of s.oneOf) if (isObj(alt) && 'const' in alt && typeof alt.title === 'string') out.push(alt as CodeEntry);
  }
  // A 0/1 flag (checkboxes, company flags) reads as No / Yes.
  if (!out.length && Array.isArray(s.enum) && s.enum.length === 2 && s.enum.includes(0) && s.enum.includes(1)) out.push({ const: 0, title: 'No' }, { const: 1, title: 'Yes' });
  return out;
}
