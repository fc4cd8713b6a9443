import { buildModel } from '../model/buildModel';
import type { MetadataModel } from '../model/MetadataModel';
import type { BlockMeta, CodeEntry, CodeTable, LocatedRule, Metadata } from '../types';
import { canonicalJson } from './canonicalJson';
import { collectFields, type FieldEntry } from './collectFields';
import { describeRule } from './describeRule';
import { diffOtherFiles } from './diffOtherFiles';
import { describeLeaf, flattenDiff, showValue } from './flattenDiff';
import type { ChangeEffect, ChangeSubject, MetadataChange } from './MetadataChange';

/** A change as the per-subject diffs build it: `behaviour` unless it says otherwise. */
type Draft = Omit<MetadataChange, 'effect'> & { effect?: ChangeEffect };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const toModel = (m: Metadata | MetadataModel): MetadataModel => ('files' in m ? buildModel(m) : m);
const byId = <T>(a: T, b: T, key: (x: T) => string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** What a rule is, without where it sits: moving a rule between files or reordering keys is no change. */
const ruleKeys = ['kind', 'target', 'when', 'valid', 'value', 'filter', 'label', 'message', 'actions', 'source', 'description', 'idempotent'] as const;
/** Logic parts are shown whole in the before/after words; the detail only names which part changed. */
const logicParts: Record<string, string> = { when: 'condition (when)', valid: 'check (valid)', value: 'derived value (value)', filter: 'option filter (filter)' };
/** The keys that only document a rule: a change to them alone changes no outcome and no text users see. */
const documentingKeys = ['description', 'source'] as const;
const documentingWords: Record<(typeof documentingKeys)[number], string> = { description: 'description', source: 'spec source' };

function ruleBody(r: LocatedRule): Obj {
  const out: Obj = {};
  for (const k of ruleKeys) if (r[k] !== undefined) out[k] = r[k];
  return out;
}

function firstById<T extends { id: string }>(list: readonly T[]): Map<string, T> {
  const m = new Map<string, T>();
  for (const x of list) if (typeof x.id === 'string' && !m.has(x.id)) m.set(x.id, x);
  return m;
}

function diffRules(a: MetadataModel, b: MetadataModel): Draft[] {
  const ra = firstById(a.rules);
  const rb = firstById(b.rules);
  const out: Draft[] = [];
  for (const [id, r] of ra) {
    if (rb.has(id)) continue;
    out.push({ subject: 'rule', change: 'removed', id, kind: r.kind, source: r.source, file: r.file, summary: `Rule ${id} (${r.kind}) removed`, before: describeRule(r, a), details: [] });
  }
  for (const [id, r] of rb) {
    const old = ra.get(id);
    if (!old) {
      out.push({ subject: 'rule', change: 'added', id, kind: r.kind, source: r.source, file: r.file, summary: `Rule ${id} (${r.kind}) added`, after: describeRule(r, b), details: [] });
      continue;
    }
    const leaves = flattenDiff(ruleBody(old), ruleBody(r));
    // A retitled code reads differently in every rule naming it; that is the code's change, not theirs.
    if (!leaves.length) continue;
    const aspects = new Set(leaves.map((l) => l.path.split('.')[0]));
    const wording = documentingKeys.filter((k) => aspects.has(k));
    const base = { id, kind: r.kind, source: r.source, file: r.file };
    if ([...aspects].every((k) => k === 'message' || (documentingKeys as readonly string[]).includes(k))) {
      // The logic is the same: say what was reworded in one line, the message with both texts.
      const reworded = wording.length ? `wording of the ${wording.map((k) => documentingWords[k]).join(' and ')} changed` : '';
      out.push(
        aspects.has('message')
          ? { ...base, subject: 'message', change: 'changed', effect: 'message', summary: `Message of rule ${id} changed`, before: old.message, after: r.message, details: reworded ? [reworded] : [] }
          : { ...base, subject: 'rule', change: 'changed', effect: 'wording', summary: `Rule ${id} (${r.kind}): ${reworded}`, details: leaves.map(describeLeaf) },
      );
      continue;
    }
    const details = leaves.map((l) => {
      const part = logicParts[l.path.split('.')[0]];
      return part ? `${part} changed` : describeLeaf(l);
    });
    out.push({ ...base, subject: 'rule', change: 'changed', summary: `Rule ${id} (${r.kind}) changed`, before: describeRule(old, a), after: describeRule(r, b), details: [...new Set(details)] });
  }
  return out;
}

function typeWords(f: FieldEntry, model: MetadataModel): string {
  const s = f.schema;
  if (f.table) {
    const t = model.codeTables.get(f.table);
    const name = t ? t.title : f.table;
    return isObj(s.items) ? `list of codes from ${name}` : `code from ${name}`;
  }
  const t = Array.isArray(s.type) ? s.type.join(' or ') : typeof s.type === 'string' ? s.type : 'any';
  if (t === 'array' && isObj(s.items)) return isObj(s.items.properties) ? 'list of records' : `list of ${String(s.items.type ?? 'values')}`;
  return typeof s.format === 'string' ? `${t} (${s.format})` : t;
}

function optionsOf(f: FieldEntry): unknown {
  const s = f.schema;
  return { table: f.table ?? null, enum: s.enum ?? (isObj(s.items) ? s.items.enum : undefined) ?? null, oneOf: s.oneOf ?? null };
}

/** The schema without what is compared on its own (type, label, options, required, nested fields). */
function restOf(schema: Obj): Obj {
  const { title: _t, type: _ty, format: _f, $ref: _r, items, enum: _e, oneOf: _o, properties: _p, required: _rq, ...rest } = schema;
  const out: Obj = { ...rest };
  if (isObj(out['x-ui'])) {
    const { label: _l, requiredMark: _m, ...ui } = out['x-ui'];
    out['x-ui'] = ui;
  }
  if (isObj(items)) {
    const { $ref: _ir, type: _it, enum: _ie, properties: _ip, required: _iq, ...itemRest } = items;
    if (Object.keys(itemRest).length) out.items = itemRest;
  }
  return out;
}

function diffFields(a: MetadataModel, b: MetadataModel): Draft[] {
  const fa = collectFields(a);
  const fb = collectFields(b);
  const out: Draft[] = [];
  for (const [path, f] of fa) {
    if (!fb.has(path)) out.push({ subject: 'field', change: 'removed', id: path, file: f.file, summary: `Field ${f.label} (${path}) removed from ${blockTitle(f.block, a)}`, details: [] });
  }
  for (const [path, f] of fb) {
    const old = fa.get(path);
    if (!old) {
      out.push({
        subject: 'field', change: 'added', id: path, file: f.file,
        summary: `Field ${f.label} (${path}) added to ${blockTitle(f.block, b)}`,
        details: [`type: ${typeWords(f, b)}`, `required: ${f.required ? 'yes' : 'no'}`],
      });
      continue;
    }
    const details: string[] = [];
    if (old.label !== f.label) details.push(`label: ${showValue(old.label)} → ${showValue(f.label)}`);
    const ta = typeWords(old, a);
    const tb = typeWords(f, b);
    if (ta !== tb) details.push(`type: ${ta} → ${tb}`);
    if (canonicalJson(optionsOf(old)) !== canonicalJson(optionsOf(f))) details.push(`options: ${showValue(old.table ?? optionsOf(old))} → ${showValue(f.table ?? optionsOf(f))}`);
    if (old.required !== f.required) details.push(`required: ${old.required ? 'yes' : 'no'} → ${f.required ? 'yes' : 'no'}`);
    if (old.block !== f.block) details.push(`block: ${old.block} → ${f.block}`);
    details.push(...flattenDiff(restOf(old.schema), restOf(f.schema)).map(describeLeaf));
    if (details.length) out.push({ subject: 'field', change: 'changed', id: path, file: f.file, summary: `Field ${f.label} (${path}) changed`, details });
  }
  return out;
}

function blockTitle(id: string, m: MetadataModel): string {
  return m.blockById.get(id)?.title ?? id;
}

const blockSubject = (b: BlockMeta): ChangeSubject => (b.file.startsWith('schemas/product/sectors/') ? 'sub-form' : 'block');

function blockBody(b: BlockMeta): Obj {
  const { properties: _p, ...rest } = b.schema;
  return rest;
}

function diffBlocks(a: MetadataModel, b: MetadataModel): Draft[] {
  const out: Draft[] = [];
  const word = (x: BlockMeta) => (blockSubject(x) === 'sub-form' ? 'Sub-form' : 'Block');
  for (const [id, x] of a.blockById) if (!b.blockById.has(id)) out.push({ subject: blockSubject(x), change: 'removed', id, file: x.file, summary: `${word(x)} ${x.title} (${id}) removed`, details: [] });
  for (const [id, x] of b.blockById) {
    const old = a.blockById.get(id);
    if (!old) {
      out.push({ subject: blockSubject(x), change: 'added', id, file: x.file, summary: `${word(x)} ${x.title} (${id}) added`, details: [`${x.fields.length} fields`] });
      continue;
    }
    const details = flattenDiff(blockBody(old), blockBody(x)).map(describeLeaf);
    if (details.length) out.push({ subject: blockSubject(x), change: 'changed', id, file: x.file, summary: `${word(x)} ${x.title} (${id}) changed`, details });
  }
  return out;
}

const entryName = (e: CodeEntry) => `${e.title} (${JSON.stringify(e.const)})`;
const entryKey = (t: CodeTable, e: CodeEntry) => `${t.id}#${String(e.const)}`;

function diffCodes(a: MetadataModel, b: MetadataModel): Draft[] {
  const out: Draft[] = [];
  for (const [id, t] of a.codeTables) if (!b.codeTables.has(id)) out.push({ subject: 'code-table', change: 'removed', id, file: t.file, summary: `Code table ${t.title} (${id}) removed`, details: [] });
  for (const [id, t] of b.codeTables) {
    const old = a.codeTables.get(id);
    if (!old) {
      out.push({ subject: 'code-table', change: 'added', id, file: t.file, summary: `Code table ${t.title} (${id}) added`, details: [`${t.entries.length} codes`] });
      continue;
    }
    const { oneOf: _oa, ...restA } = a.schemas.get(id)?.schema ?? {};
    const { oneOf: _ob, ...restB } = b.schemas.get(id)?.schema ?? {};
    const tableDetails = flattenDiff(restA, restB).map(describeLeaf);
    if (tableDetails.length) out.push({ subject: 'code-table', change: 'changed', id, file: t.file, summary: `Code table ${t.title} (${id}) changed`, details: tableDetails });
    for (const e of old.entries) {
      if (!t.byValue.has(e.const)) out.push({ subject: 'code', change: 'removed', id: entryKey(t, e), file: t.file, summary: `Code ${entryName(e)} removed from ${t.title}`, details: [] });
    }
    for (const e of t.entries) {
      const was = old.byValue.get(e.const);
      if (!was) {
        out.push({ subject: 'code', change: 'added', id: entryKey(t, e), file: t.file, summary: `Code ${entryName(e)} added to ${t.title}`, details: [] });
        continue;
      }
      const leaves = flattenDiff(was, e);
      if (!leaves.length) continue;
      const retitled = leaves.some((l) => l.path === 'title');
      out.push({
        subject: 'code', change: 'changed', id: entryKey(t, e), file: t.file,
        summary: retitled ? `Code ${JSON.stringify(e.const)} of ${t.title} retitled ${JSON.stringify(was.title)} → ${JSON.stringify(e.title)}` : `Code ${entryName(e)} of ${t.title} changed`,
        before: retitled ? was.title : undefined,
        after: retitled ? e.title : undefined,
        details: leaves.map(describeLeaf),
      });
    }
  }
  return out;
}

/** Schema files that are neither blocks nor code tables (shared definitions). */
function diffOtherSchemas(a: MetadataModel, b: MetadataModel): Draft[] {
  const plain = (m: MetadataModel) => new Map([...m.schemas].filter(([id, s]) => !m.codeTables.has(id) && !('x-block' in s.schema)));
  const sa = plain(a);
  const sb = plain(b);
  const out: Draft[] = [];
  for (const [id, s] of sa) if (!sb.has(id)) out.push({ subject: 'schema', change: 'removed', id, file: s.file, summary: `Schema ${id} removed`, details: [] });
  for (const [id, s] of sb) {
    const old = sa.get(id);
    if (!old) out.push({ subject: 'schema', change: 'added', id, file: s.file, summary: `Schema ${id} added`, details: [] });
    else {
      const details = flattenDiff(old.schema, s.schema).map(describeLeaf);
      if (details.length) out.push({ subject: 'schema', change: 'changed', id, file: s.file, summary: `Schema ${id} changed`, details });
    }
  }
  return out;
}

const subjectOrder: ChangeSubject[] = ['rule', 'message', 'field', 'block', 'sub-form', 'code-table', 'code', 'schema', 'text', 'file'];

/**
 * The semantic difference between two metadata versions, by id: fields, blocks and sub-forms, rules
 * (before and after in plain words), messages, code tables and codes; each with its effect
 * (behaviour, message, wording), the wording-only ones last; given files (not built models), also the
 * texts and other contents of metadata files the product model leaves out (diffOtherFiles). Whitespace,
 * key order, file order and codes written by key instead of number give no change. Pure: takes loaded
 * files (or built models) of both sides.
 */
export function diffMetadata(from: Metadata | MetadataModel, to: Metadata | MetadataModel): MetadataChange[] {
  const a = toModel(from);
  const b = toModel(to);
  const all = [...diffRules(a, b), ...diffFields(a, b), ...diffBlocks(a, b), ...diffCodes(a, b), ...diffOtherSchemas(a, b)];
  const changes = all.map(({ subject, change, effect, ...rest }): MetadataChange => ({ subject, change, effect: effect ?? 'behaviour', ...rest }));
  if ('files' in from && 'files' in to) changes.push(...diffOtherFiles(from.files, to.files));
  // Wording-only changes last, so a reader meets what changes behaviour first.
  const rank = (c: MetadataChange) => (c.effect === 'wording' ? 1 : 0);
  return changes.sort((x, y) => rank(x) - rank(y) || subjectOrder.indexOf(x.subject) - subjectOrder.indexOf(y.subject) || byId(x, y, (c) => c.id));
}
