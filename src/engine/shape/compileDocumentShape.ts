import type { ErrorObject } from 'ajv';
import type { MetadataModel } from '../model/MetadataModel';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import { compileSchema } from '../schema/compileSchema';
import type { RuleError } from '../types';

/** The rule id shape problems are reported under (beside the rules' own ids). */
export const SHAPE_RULE = 'schema';

export type DocumentShapeCheck = (doc: unknown) => RuleError[];

/**
 * Checks a document against the JSON Schema the blocks compose (types, code-table values, formats,
 * lengths): what the rules do not read is still refused when it is malformed. Empty values (null,
 * '') mean "not entered", as the editor sends them, and are not checked. Keys the schema does not
 * name (editor state, server columns) pass: the blocks do not close their objects.
 */
export function compileDocumentShape(model: MetadataModel): DocumentShapeCheck {
  // Ajv's optimising pass over the generated code costs more than half the compile of this large
  // schema (~0.55 s of CPU against ~0.2 s without) and makes validation no faster.
  const validate = compileSchema({
    options: { strict: false, allErrors: true, code: { optimize: false } },
    formats: true,
    refs: [...model.schemas.values()].map((s) => ({ id: s.id, schema: s.schema })),
    root: model.rootSchema,
  });
  return (doc) => {
    const pruned = withoutEmpty(doc);
    if (validate(pruned)) return [];
    const byPath = new Map<string, ErrorObject[]>();
    for (const e of validate.errors ?? []) {
      const list = byPath.get(e.instancePath) ?? [];
      list.push(e);
      byPath.set(e.instancePath, list);
    }
    const out: RuleError[] = [];
    for (const [pointer, errors] of byPath) {
      // A oneOf's branch errors at a deeper path are only its symptoms; report the value once.
      if ([...byPath.keys()].some((other) => other !== pointer && pointer.startsWith(`${other}/`) && byPath.get(other)!.some((e) => e.keyword === 'oneOf'))) continue;
      const segs = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      out.push({ rule: SHAPE_RULE, field: segs.join('.'), message: describe(model, segs, errors, valueAt(pruned, segs)) });
    }
    return out;
  };
}

function describe(model: MetadataModel, segs: string[], errors: ErrorObject[], value: unknown): string {
  const metaPath = segs.filter((s) => !/^\d+$/.test(s)).join('.');
  const field = model.fieldByPath.get(metaPath);
  const label = field?.title ?? titleAt(model, segs) ?? segs[segs.length - 1] ?? 'Product';
  const shown = JSON.stringify(value);
  if (field?.codeTable && errors.some((e) => e.keyword === 'oneOf' || e.keyword === 'const' || e.keyword === 'enum')) {
    return `${label}: ${shown} is not one of the codes of ${field.codeTable.title ?? field.codeTable.id}.`;
  }
  const e = errors.find((x) => x.keyword !== 'oneOf' && x.keyword !== 'anyOf') ?? errors[0]!;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'type':
      return `${label}: ${shown} must be ${article(String(p.type))}.`;
    case 'format':
      return `${label}: ${shown} is not a valid ${String(p.format)}.`;
    case 'maxLength':
      return `${label}: at most ${String(p.limit)} characters.`;
    case 'enum':
    case 'const':
      return `${label}: ${shown} is not an allowed value.`;
    default:
      return `${label}: ${e.message ?? e.keyword}.`;
  }
}

/** The title the schema gives a nested member (a panelist row's date), before any code-table ref. */
function titleAt(model: MetadataModel, segs: string[]): string | undefined {
  const named = segs.filter((s) => !/^\d+$/.test(s));
  const last = named[named.length - 1];
  if (!last) return undefined;
  const parent = resolveSchemaPath(model.rootSchema, segs.slice(0, segs.lastIndexOf(last)), model);
  const props = parent?.items && typeof parent.items === 'object' ? (parent.items as Record<string, unknown>).properties : parent?.properties;
  const own = props && typeof props === 'object' ? (props as Record<string, Record<string, unknown> | undefined>)[last] : undefined;
  return typeof own?.title === 'string' ? own.title : undefined;
}

function article(type: string): string {
  const words: Record<string, string> = { integer: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false', array: 'a list', object: 'a group of fields' };
  return type.split(',').map((t) => words[t] ?? t).join(' or ');
}

function withoutEmpty(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutEmpty);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null && x !== '' && x !== undefined) out[k] = withoutEmpty(x);
  return out;
}

function valueAt(doc: unknown, segs: string[]): unknown {
  let cur = doc;
  for (const s of segs) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[s] : undefined;
  return cur;
}
