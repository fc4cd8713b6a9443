import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { buildModel } from '../model/buildModel';
import type { MetadataModel } from '../model/MetadataModel';
import type { CodeTable, Metadata } from '../types';

interface Words {
  model: MetadataModel;
  /** Field path of the var being compared, to name codes by their titles. */
  subject?: string;
}

const phrase: Record<string, [string, string]> = {
  '==': ['is', 'is not'], '===': ['is', 'is not'], '!=': ['is not', 'is'], '!==': ['is not', 'is'],
  '>': ['is more than', 'is at most'], '>=': ['is at least', 'is less than'],
  '<': ['is less than', 'is at least'], '<=': ['is at most', 'is more than'],
  date_lt: ['is before', 'is not before'], date_le: ['is on or before', 'is after'],
  date_gt: ['is after', 'is not after'], date_ge: ['is on or after', 'is before'],
};

const sectorTables = (m: MetadataModel): CodeTable[] =>
  [...m.codeTables.values()].filter((t) => /sector|categor/i.test(t.id));

/**
 * Json-logic in plain words with field titles and code titles:
 * "Media channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2)".
 */
export function describeLogic(logic: unknown, metadata: Metadata | MetadataModel): string {
  const model = 'files' in metadata ? buildModel(metadata) : metadata;
  return words(logic, { model });
}

function fieldPath(name: string): string {
  return name.startsWith('doc.') || name.startsWith('$doc.') ? name.slice(name.indexOf('.') + 1) : name.startsWith('$prev.') ? name.slice(6) : name;
}

function varTitle(name: string, m: MetadataModel): string {
  if (name === '$now') return 'today';
  if (name === '$action') return 'the action';
  if (name === '$prev') return 'the previous product';
  if (name === '') return 'it';
  if (name === 'option' || name === 'option.const') return 'the option';
  if (name.startsWith('option.')) return `the option's ${name.slice(7).replace(/^x-/, '')}`;
  if (name.startsWith('$options.')) return `the options of ${varTitle(name.slice(9), m)}`;
  const path = fieldPath(name);
  const f = m.fieldByPath.get(path);
  const title = f ? f.title : path.replace(/\.(\d+)\./g, ' #$1 ').replace(/_/g, ' ');
  return name.startsWith('$prev.') ? `previous ${title}` : title;
}

function codeTitle(value: unknown, w: Words): string {
  const table = w.subject ? w.model.fieldByPath.get(w.subject)?.codeTable : undefined;
  const entry = table?.byValue.get(value) ?? [...(table?.entries ?? [])].find((e) => e.const == value); // eslint-disable-line eqeqeq -- ids from forms may be strings
  if (entry) return `${entry.title} (${JSON.stringify(entry.const)})`;
  return JSON.stringify(value);
}

function sectorTitle(id: unknown, m: MetadataModel): string {
  for (const t of sectorTables(m)) {
    const e = t.byValue.get(id);
    if (e) return `${e.title} (${id})`;
  }
  return String(id);
}

/** The title of `key` in the items of the list field named by `listLogic` (`pp_date` of panelists: "Date"). */
function itemFieldTitle(listLogic: unknown, key: string, m: MetadataModel): string {
  const path = subjectOf(listLogic);
  const f = path ? m.fieldByPath.get(path) : undefined;
  const items = (f?.schema as { items?: { properties?: Record<string, { title?: string }> } } | undefined)?.items;
  return items?.properties?.[key]?.title ?? key.replace(/_/g, ' ').replace(/ID$/, ' id');
}

/** `{"pluck": [list, key]}` as [list, key], else null. */
function pluckOf(l: unknown): [unknown, string] | null {
  if (!isLogic(l) || operatorOf(l) !== 'pluck') return null;
  const a = argsOf(l);
  return typeof a[1] === 'string' ? [a[0], a[1]] : null;
}

function list(values: unknown, show: (v: unknown) => string): string {
  return Array.isArray(values) ? values.map(show).join(', ') : show(values);
}

function subjectOf(l: unknown): string | undefined {
  if (isLogic(l) && operatorOf(l) === 'var') {
    const n = argsOf(l)[0];
    return typeof n === 'string' ? fieldPath(n) : undefined;
  }
  return undefined;
}

function words(logic: unknown, w: Words): string {
  if (!isLogic(logic)) {
    if (Array.isArray(logic)) return logic.length ? logic.map((l) => words(l, w)).join(', ') : 'an empty list';
    if (logic === null || logic === '') return 'nothing';
    return codeTitle(logic, w);
  }
  const op = operatorOf(logic);
  const a = argsOf(logic);
  const m = w.model;
  const sub = (l: unknown, subject?: string) => words(l, { model: m, subject });
  const group = (l: unknown) => {
    const s = sub(l);
    return isLogic(l) && ['and', 'or'].includes(operatorOf(l)) ? `(${s})` : s;
  };
  switch (op) {
    case 'var':
      return typeof a[0] === 'string' || typeof a[0] === 'number' ? varTitle(String(a[0]), m) : `the field named by ${sub(a[0])}`;
    case 'and':
      return a.map(group).join(' and ');
    case 'or':
      return a.map(group).join(' or ');
    case '!':
      return negate(a[0], w);
    case '!!':
      return `${sub(a[0])} is set`;
    case 'in': {
      // A value among the field of every item holds when ANY item has it.
      const plucked = pluckOf(a[1]);
      if (plucked && !isLogic(a[0])) return `any ${sub(plucked[0])} has ${itemFieldTitle(plucked[0], plucked[1], m)} ${JSON.stringify(a[0])}`;
      if (plucked) return `${sub(a[0])} is the ${itemFieldTitle(plucked[0], plucked[1], m)} of any ${sub(plucked[0])}`;
      if (isLogic(a[1]) && operatorOf(a[1]) === 'chain_ids' && !isLogic(a[0])) return `any sector chain has ${sectorTitle(a[0], m)} at some level`;
      const subject = subjectOf(a[0]);
      if (Array.isArray(a[1])) return `${sub(a[0])} is one of ${list(a[1], (v) => codeTitle(v, { model: m, subject }))}`;
      return `${sub(a[0])} is in ${sub(a[1])}`;
    }
    case 'if': case '?:': {
      const parts: string[] = [];
      let i = 0;
      for (; i < a.length - 1; i += 2) parts.push(`${i ? 'else if' : 'if'} ${sub(a[i])} then ${sub(a[i + 1])}`);
      if (i < a.length) parts.push(`else ${sub(a[i])}`);
      return parts.join(', ');
    }
    case 'empty': return `${sub(a[0])} is empty`;
    case 'count': return `the number of ${sub(a[0])}`;
    case 'missing': return `missing ${list(a.length === 1 ? a[0] : a, (v) => (typeof v === 'string' ? varTitle(v, m) : sub(v)))}`;
    case 'chain_has': return `a sector chain starts with ${list(a[1], (v) => sectorTitle(v, m)).replace(/, /g, ' > ')}`;
    case 'chain_any': return `a sector chain has ${list(a[1], (v) => sectorTitle(v, m))}${a[2] ? ` at level ${a[2]}` : ''}`;
    case 'only_roots': return `every sector chain starts with ${list(a[1], (v) => sectorTitle(v, m))}`;
    case 'chain_roots': return `the sectors of ${sub(a[0])}`;
    case 'chain_ids': return `the sectors, categories and sub-categories (any level) of ${sub(a[0])}`;
    case 'chain_lasts': return `the last levels of ${sub(a[0])} chains starting with ${list(a[1], (v) => sectorTitle(v, m))}`;
    case 'intersects': return `${sub(a[0])} shares any value with ${sub(a[1], subjectOf(a[0]))}`;
    case 'pluck': return `the ${itemFieldTitle(a[0], String(a[1]), m)} values of ${sub(a[0])}`;
    case 'union': return a.map((x) => sub(x)).join(' together with ');
    case 'difference': return `${sub(a[0])} without ${a.slice(1).map((x) => sub(x)).join(' or ')}`;
    case 'uniq': return `the distinct values of ${sub(a[0])}`;
    case 'list_changed': return `${sub(a[0])} changed since the previous edit (an item added or removed)`;
    case 'items_added': return `the items added to ${sub(a[0])} since the previous edit`;
    case 'items_removed': return `the items removed from ${sub(a[0])} since the previous edit`;
    case 'merge': return a.map((x) => sub(x)).join(' followed by ');
    case 'substr': return `the first ${String(a[2] ?? '')} characters of ${sub(a[0])}`.replace('first  characters', 'characters');
    case 'cat': return a.map((x) => sub(x)).join(' + ');
    case 'join_words': return a.slice(1).map((x) => sub(x)).join(' followed by ');
    case 'floor_div': return `${sub(a[0])} divided by ${sub(a[1])}, rounded down`;
    case 'map': return `${sub(a[1])} for each item of ${sub(a[0])}`;
    case 'filter': return `the items of ${sub(a[0])} where ${sub(a[1])}`;
    case 'reduce': return `${sub(a[0])} combined item by item`;
    case 'uniq_by': return `${sub(a[0])} without repeats on ${list(a[1], String)}`;
    case 'matches': {
      const pattern = String(a[1]);
      const date = pattern.replace(/\\d\{4\}-\\d\{2\}-\\d\{2\}/g, 'YYYY-MM-DD');
      if (date !== pattern) return `${sub(a[0])} ${pattern.startsWith('^') ? 'begins with' : 'contains'} a date YYYY-MM-DD`;
      return `${sub(a[0])} matches the pattern ${JSON.stringify(pattern)}`;
    }
    case 'some': return `any item of ${sub(a[0])} has ${sub(a[1])}`;
    case 'all': return `every item of ${sub(a[0])} has ${sub(a[1])}`;
    case 'none': return `no item of ${sub(a[0])} has ${sub(a[1])}`;
    case 'max_group': return `the largest group of ${sub(a[0])} by ${list(a[1], String)}`;
    case 'has_dupes': return `${sub(a[0])} has duplicates${a[1] ? ` on ${list(a[1], String)}` : ''}`;
    case 'date_max': return `the latest of ${sub(a[0])}`;
    case 'date_min': return `the earliest of ${sub(a[0])}`;
  }
  const p = phrase[op];
  if (p && a.length === 2) {
    const subject = subjectOf(a[0]) ?? subjectOf(a[1]);
    return `${sub(a[0], subjectOf(a[1]))} ${p[0]} ${sub(a[1], subject)}`;
  }
  // No phrase for this operation: its name in words, never the raw call.
  return `${op.replace(/_/g, ' ')} of ${a.map((x) => sub(x)).join(', ')}`;
}

function negate(l: unknown, w: Words): string {
  if (isLogic(l)) {
    const op = operatorOf(l);
    const a = argsOf(l);
    const p = phrase[op];
    if (p && a.length === 2) {
      const subject = subjectOf(a[0]);
      return `${words(a[0], w)} ${p[1]} ${words(a[1], { model: w.model, subject })}`;
    }
    if (op === 'empty') return `${words(a[0], w)} is not empty`;
    if (op === 'in' && Array.isArray(a[1])) {
      const subject = subjectOf(a[0]);
      return `${words(a[0], w)} is none of ${list(a[1], (v) => codeTitle(v, { model: w.model, subject }))}`;
    }
  }
  return `not (${words(l, w)})`;
}
