import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import type { OpRegistry, OpWordsContext } from '../logic/OpRegistry';
import { buildModel } from '../model/buildModel';
import type { MetadataModel } from '../model/MetadataModel';
import { defaultOps } from '../ops/defaultOps';
import type { CodeTable, Metadata } from '../types';
import { codesAtPath, humanKey, leafWords, pathWords } from './pathWords';

interface Words {
  model: MetadataModel;
  ops: OpRegistry;
  /** Field path of the value being compared, to name codes by their titles. */
  subject?: string;
  /** Path pattern of the items a `some`/`all`/`none`/`map`/`filter` iterates (`companies.*`): their vars name item fields. */
  scope?: string;
}

const phrase: Record<string, [string, string]> = {
  '==': ['is', 'is not'], '===': ['is', 'is not'], '!=': ['is not', 'is'], '!==': ['is not', 'is'],
  '>': ['is more than', 'is at most'], '>=': ['is at least', 'is less than'],
  '<': ['is less than', 'is at least'], '<=': ['is at most', 'is more than'],
};

const arithmetic: Record<string, string> = { '+': ' plus ', '-': ' minus ', '*': ' times ', '/': ' divided by ', '%': ' modulo ' };

const sectorTables = (m: MetadataModel): CodeTable[] =>
  [...m.codeTables.values()].filter((t) => /sector|categor/i.test(t.id));

let fallbackOps: OpRegistry | undefined;

/**
 * Json-logic in plain words with field titles and code titles:
 * "Media channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2)".
 * Custom operations are put in words by their registry entry (`OpInfo.words`).
 */
export function describeLogic(logic: unknown, metadata: Metadata | MetadataModel, opts: DescribeOptions = {}): string {
  const model = 'files' in metadata ? buildModel(metadata) : metadata;
  return words(logic, { model, ops: opts.ops ?? (fallbackOps ??= defaultOps()), scope: opts.scope, subject: opts.subject });
}

export interface DescribeOptions {
  /** The engine's operations (their plain-words forms); default the standard registry. */
  ops?: OpRegistry;
  /** The items an item rule runs on (`promotion.promotions.*`). */
  scope?: string;
  /** The field whose codes name literal values (a derive rule's target). */
  subject?: string;
}

/** The document path a var names (`doc.` and `$prev.` stripped; relative to the items in scope). */
function varPath(name: string, w: Words): string {
  if (name.startsWith('doc.')) return name.slice(4);
  // `$doc.` reads the whole document from an item rule.
  if (name.startsWith('$doc.')) return name.slice(5);
  if (name.startsWith('$prev.')) return name.slice(6);
  if (w.scope !== undefined) return name === '' ? w.scope : `${w.scope}.${name}`;
  return name;
}

function varTitle(name: string, w: Words): string {
  if (name === '$now') return 'today';
  if (name === '$action') return 'the action';
  if (name === '$prev') return 'the previous product';
  if (name === 'option' || name === 'option.const') return 'the option';
  if (name.startsWith('option.')) return `the option's ${humanKey(name.slice(7))}`;
  if (name.startsWith('$options.')) return `the options of ${varTitle(name.slice(9), { ...w, scope: undefined })}`;
  if (name === '') return 'it';
  if (w.scope !== undefined && /^\d+$/.test(name)) return `its item ${Number(name) + 1}`;
  const path = varPath(name, w);
  const title = w.scope !== undefined && !name.startsWith('doc.') && !name.startsWith('$prev.') ? leafWords(path, w.model) : pathWords(path, w.model);
  return name.startsWith('$prev.') ? `previous ${title}` : title;
}

function valueWords(value: unknown, w: Words): string {
  if (value === null || value === '' || value === undefined) return 'nothing';
  if (w.subject) {
    const codes = codesAtPath(w.subject, w.model);
    const entry = codes.find((e) => e.const == value); // eslint-disable-line eqeqeq -- ids from forms may be strings
    if (entry) return `${entry.title} (${JSON.stringify(entry.const)})`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return 'a value';
  return JSON.stringify(value);
}

function sectorTitle(id: unknown, m: MetadataModel): string {
  for (const t of sectorTables(m)) {
    const e = t.byValue.get(id);
    if (e) return `${e.title} (${id})`;
  }
  return String(id);
}

/** The path of the items a list expression yields (`{"var": "panelists"}` -> `panelists.*`). */
function itemsPath(l: unknown, w: Words): string | undefined {
  if (!isLogic(l)) return undefined;
  const op = operatorOf(l);
  const a = argsOf(l);
  if (op === 'var') return typeof a[0] === 'string' ? `${varPath(a[0], w)}.*` : undefined;
  if (['merge', 'union', 'difference', 'uniq', 'uniq_by', 'filter'].includes(op)) return itemsPath(a[0], w);
  return undefined;
}

/** The title of `key` in the items of a list (`pp_date` of panelists: "Date"). */
function itemFieldTitle(listLogic: unknown, key: unknown, w: Words): string {
  const items = itemsPath(listLogic, w);
  return items ? leafWords(`${items}.${String(key)}`, w.model) : humanKey(String(key));
}

/** The field path a comparison's other side names, so its literal is named by that field's codes. */
function subjectOf(l: unknown, w: Words): string | undefined {
  if (isLogic(l) && operatorOf(l) === 'var') {
    const n = argsOf(l)[0];
    return typeof n === 'string' && n !== '' && (!n.startsWith('$') || n.startsWith('$prev.')) && !n.startsWith('option') ? varPath(n, w) : undefined;
  }
  if (isLogic(l) && ['union', 'difference', 'merge', 'uniq'].includes(operatorOf(l))) return subjectOf(argsOf(l)[0], w);
  return undefined;
}

function listOf(values: unknown, show: (v: unknown) => string, sep = ', '): string {
  return Array.isArray(values) ? values.map(show).join(sep) : show(values);
}

/** The parts of a `cat`, with optional parts (`if x then "," + x else ""`) taken as their text. */
function catParts(args: unknown[]): unknown[] {
  return args.flatMap((p) => {
    if (isLogic(p) && operatorOf(p) === 'cat') return catParts(argsOf(p));
    if (isLogic(p) && ['if', '?:'].includes(operatorOf(p))) {
      const a = argsOf(p);
      if (a.length === 3 && (a[2] === '' || a[2] === null)) return catParts([a[1]]);
    }
    return [p];
  });
}

function opContext(a: unknown[], w: Words): OpWordsContext {
  const sub = (l: unknown, subject?: string) => words(l, { ...w, subject });
  return {
    args: a,
    arg: (i) => sub(a[i]),
    values: (i, sep) => {
      const subject = subjectOf(a[0], w);
      const v = a[i];
      if (Array.isArray(v) && !v.some(isLogic)) return v.length ? v.map((x) => valueWords(x, { ...w, subject })).join(sep).replace(/\bnothing\b/g, 'empty') : 'nothing';
      return sub(v, subject);
    },
    rest: (from, sep) => a.slice(from).map((x) => sub(x)).join(sep),
    sectors: (i, sep = ', ') => listOf(a[i], (v) => sectorTitle(v, w.model), sep),
    itemField: (listArg, key) => itemFieldTitle(a[listArg], key, w),
    itemFields: (listArg, keysArg) => {
      const titles = (Array.isArray(a[keysArg]) ? (a[keysArg] as unknown[]) : [a[keysArg]]).map((k) => itemFieldTitle(a[listArg], k, w));
      return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}` : titles.join('');
    },
  };
}

function words(logic: unknown, w: Words): string {
  if (!isLogic(logic)) {
    if (Array.isArray(logic)) return logic.length ? logic.map((l) => words(l, w)).join(', ') : 'an empty list';
    return valueWords(logic, w);
  }
  const op = operatorOf(logic);
  const a = argsOf(logic);
  const m = w.model;
  const sub = (l: unknown, subject?: string) => words(l, { ...w, subject });
  /** Logic run once per item of `list`: its vars name the items' fields. */
  const each = (list: unknown, l: unknown) => words(l, { ...w, subject: undefined, scope: itemsPath(list, w) ?? w.scope });
  const group = (l: unknown) => {
    const s = sub(l);
    return isLogic(l) && ['and', 'or'].includes(operatorOf(l)) ? `(${s})` : s;
  };
  switch (op) {
    case 'var':
      return typeof a[0] === 'string' || typeof a[0] === 'number' ? varTitle(String(a[0]), w) : `the field named by ${sub(a[0])}`;
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
      const pluck = isLogic(a[1]) && operatorOf(a[1]) === 'pluck' ? argsOf(a[1]) : null;
      if (pluck && !isLogic(a[0])) {
        const key = itemsPath(pluck[0], w);
        return `any ${sub(pluck[0])} has ${itemFieldTitle(pluck[0], pluck[1], w)} ${valueWords(a[0], { ...w, subject: key ? `${key}.${String(pluck[1])}` : undefined })}`;
      }
      if (pluck) return `${sub(a[0])} is the ${itemFieldTitle(pluck[0], pluck[1], w)} of any ${sub(pluck[0])}`;
      if (isLogic(a[1]) && operatorOf(a[1]) === 'chain_ids' && !isLogic(a[0])) return `any chain of ${sub(argsOf(a[1])[0])} has ${sectorTitle(a[0], m)} at some level`;
      const subject = subjectOf(a[0], w);
      if (Array.isArray(a[1]) && !a[1].some(isLogic)) return `${sub(a[0])} is one of ${listOf(a[1], (v) => valueWords(v, { ...w, subject }))}`;
      return `${sub(a[0], subjectOf(a[1], w))} is in ${sub(a[1])}`;
    }
    case 'if': case '?:': {
      const parts: string[] = [];
      let i = 0;
      for (; i < a.length - 1; i += 2) parts.push(`${i ? 'else if' : 'if'} ${sub(a[i])} then ${sub(a[i + 1])}`);
      if (i < a.length) parts.push(`else ${sub(a[i])}`);
      return parts.join(', ');
    }
    case 'missing': return `missing ${listOf(a.length === 1 ? a[0] : a, (v) => (typeof v === 'string' ? varTitle(v, w) : sub(v)))}`;
    case 'missing_some': return `fewer than ${sub(a[0])} of ${listOf(a[1], (v) => (typeof v === 'string' ? varTitle(v, w) : sub(v)))} filled`;
    case 'merge': return a.map((x) => sub(x)).join(' followed by ');
    case 'substr': return `the ${a[2] === undefined ? 'characters' : `first ${sub(a[2])} characters`} of ${sub(a[0])}${a[1] ? ` from position ${sub(a[1])}` : ''}`;
    case 'cat': {
      const parts = catParts(a);
      const texts = parts.filter((p) => typeof p !== 'string');
      const seps = new Set(parts.filter((p): p is string => typeof p === 'string'));
      if (texts.length > 1 && seps.size === 1) return `${texts.map((x) => sub(x)).join(', ')} joined by ${JSON.stringify([...seps][0])}`;
      return parts.map((x) => sub(x)).join(' followed by ');
    }
    case 'min': return `the smallest of ${a.map((x) => sub(x)).join(', ')}`;
    case 'max': return `the largest of ${a.map((x) => sub(x)).join(', ')}`;
    case 'log': return sub(a[0]);
    case 'map': return `${each(a[0], a[1])} for each item of ${sub(a[0])}`;
    case 'filter': return `the items of ${sub(a[0])} where ${each(a[0], a[1])}`;
    case 'reduce': return `${sub(a[0])} combined item by item`;
    case 'some': return `any item of ${sub(a[0])} has ${each(a[0], a[1])}`;
    case 'all': return `every item of ${sub(a[0])} has ${each(a[0], a[1])}`;
    case 'none': return `no item of ${sub(a[0])} has ${each(a[0], a[1])}`;
  }
  const p = phrase[op];
  if (p && a.length === 2) return `${sub(a[0], subjectOf(a[1], w))} ${p[0]} ${sub(a[1], subjectOf(a[0], w))}`;
  if (arithmetic[op]) return a.length === 1 && op === '-' ? `minus ${sub(a[0])}` : a.map((x) => sub(x)).join(arithmetic[op]);
  const info = w.ops.info(op);
  if (info?.words) return info.words(opContext(a, w));
  // An operation without words: its name in words, never the raw call.
  return `${op.replace(/_/g, ' ')} of ${a.map((x) => sub(x)).join(', ')}`;
}

function negate(l: unknown, w: Words): string {
  if (isLogic(l)) {
    const op = operatorOf(l);
    const a = argsOf(l);
    const p = phrase[op];
    if (p && a.length === 2) return `${words(a[0], { ...w, subject: subjectOf(a[1], w) })} ${p[1]} ${words(a[1], { ...w, subject: subjectOf(a[0], w) })}`;
    if (op === 'var') return `${words(l, w)} is empty`;
    if (op === 'in' && Array.isArray(a[1]) && !a[1].some(isLogic)) {
      const subject = subjectOf(a[0], w);
      return `${words(a[0], w)} is none of ${listOf(a[1], (v) => valueWords(v, { ...w, subject }))}`;
    }
    if (op === 'in' && isLogic(a[1]) && operatorOf(a[1]) === 'pluck') {
      const [list, key] = argsOf(a[1]);
      if (isLogic(a[0])) return `${words(a[0], w)} is not the ${itemFieldTitle(list, key, w)} of any ${words(list, w)}`;
      const items = itemsPath(list, w);
      return `no ${words(list, w)} has ${itemFieldTitle(list, key, w)} ${valueWords(a[0], { ...w, subject: items ? `${items}.${String(key)}` : undefined })}`;
    }
    if (op === 'in') return `${words(a[0], { ...w, subject: subjectOf(a[1], w) })} is not in ${words(a[1], w)}`;
    const info = w.ops.info(op);
    if (info?.negated) return info.negated(opContext(a, w));
  }
  return `not (${words(l, w)})`;
}

/** A value read from a product in words: codes by title, chains as "Banking > Checking Account", empty as "empty". */
function readValue(v: unknown, w: Words, subject: string | undefined, sectorIds: boolean, depth = 0): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return 'empty';
  if (Array.isArray(v)) {
    const nested = v.some(Array.isArray);
    const shown = v.slice(0, 10).map((x) => readValue(x, w, subject, sectorIds, depth + 1));
    const more = v.length > 10 ? ` and ${v.length - 10} more` : '';
    return shown.join(nested ? '; ' : depth > 0 && v.every((x) => typeof x === 'object' && x !== null) ? ' > ' : ', ') + more;
  }
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const key = Object.keys(o).find((k) => /name|title/i.test(k) && typeof o[k] === 'string' && o[k] !== '');
    if (key) return String(o[key]);
    if ('id' in o) return readValue(o.id, w, subject, true, depth);
    return 'an entry';
  }
  if (sectorIds) {
    const t = sectorTitle(v, w.model);
    if (t !== String(v)) return t;
  }
  if (subject) {
    const entry = codesAtPath(subject, w.model).find((e) => e.const == v); // eslint-disable-line eqeqeq -- ids from forms may be strings
    if (entry) return `${entry.title} (${String(entry.const)})`;
  }
  return String(v);
}

/** The field path whose codes name what an expression yields (a var's field, a pluck's item field). */
function valueSubject(of: unknown, w: Words): string | undefined {
  if (!isLogic(of)) return undefined;
  const op = operatorOf(of);
  const a = argsOf(of);
  if (op === 'pluck') {
    const items = itemsPath(a[0], w);
    return items ? `${items}.${String(a[1])}` : undefined;
  }
  if (['date_min', 'date_max', 'uniq', 'union', 'difference', 'merge'].includes(op)) return valueSubject(a[0], w);
  return subjectOf(of, w);
}

/** Words for the Why? trace of one rule: its logic as describeLogic says it, product values by their titles. */
export function traceWords(model: MetadataModel, opts: DescribeOptions = {}): { logic(l: unknown): string; value(v: unknown, of?: unknown): string } {
  const w: Words = { model, ops: opts.ops ?? (fallbackOps ??= defaultOps()), scope: opts.scope };
  const sectorOps = new Set(['chain_ids', 'chain_roots', 'chain_lasts']);
  return {
    logic: (l) => words(l, w),
    value: (v, of) => readValue(v, w, valueSubject(of, w), isLogic(of) && sectorOps.has(operatorOf(of)) || (isLogic(of) && operatorOf(of) === 'var' && /^(doc\.|\$prev\.)?sectors\b/.test(String(argsOf(of)[0])))),
  };
}
