import type { OpRegistry, OpWordsContext } from '../logic/OpRegistry';

const patterns = new Map<string, RegExp>();

/** Regular-expression test; the pattern is compiled once per distinct string. */
export function matches(value: unknown, pattern: unknown): boolean {
  if (value === null || value === undefined) return false;
  const p = String(pattern);
  let re = patterns.get(p);
  if (!re) {
    re = new RegExp(p);
    patterns.set(p, re);
  }
  return re.test(String(value));
}

export function floorDiv(a: unknown, b: unknown): number | null {
  const x = Number(a);
  const y = Number(b);
  if (a === null || a === undefined || a === '' || !Number.isFinite(x) || !Number.isFinite(y) || y === 0) return null;
  return Math.floor(x / y);
}

/** The non-empty values as text, trimmed, joined by `sep`: ("Acme", "", "Gold Card") -> "Acme Gold Card". */
export function joinWords(sep: unknown, values: readonly unknown[]): string {
  return values
    .filter((v) => v !== null && v !== undefined && typeof v !== 'object')
    .map((v) => String(v).trim())
    .filter((v) => v !== '')
    .join(String(sep ?? ' '));
}

/** A pattern in words: a date pattern (`\d{4}-\d{2}-\d{2}`) as YYYY-MM-DD. */
function patternWords(pattern: unknown): string {
  const p = String(pattern);
  const date = p.replace(/\\d\{4\}-\\d\{2\}-\\d\{2\}/g, 'YYYY-MM-DD');
  if (date !== p) return `${p.startsWith('^') ? 'begins with' : 'contains'} a date YYYY-MM-DD`;
  return `matches the pattern ${JSON.stringify(p)}`;
}

const separatorWords = (w: OpWordsContext) => {
  const sep = w.args[0];
  if (sep === ' ' || sep === undefined) return 'spaces';
  return typeof sep === 'string' ? (sep === '' ? 'nothing' : JSON.stringify(sep)) : w.arg(0);
};

export function registerTextOps(ops: OpRegistry): void {
  ops.add('matches', ([v, p]) => matches(v, p), 'matches a regular expression', {
    words: (w) => `${w.arg(0)} ${patternWords(w.args[1])}`,
    negated: (w) => `${w.arg(0)} does not ${patternWords(w.args[1]).replace(/^begins/, 'begin').replace(/^contains/, 'contain').replace(/^matches/, 'match')}`,
  }, matches);
  ops.add('join_words', ([sep, ...values]) => joinWords(sep, values), 'the non-empty values joined by the separator', (w) => `${w.rest(1, ', ')} joined by ${separatorWords(w)}`);
  ops.add('floor_div', ([a, b]) => floorDiv(a, b), 'division rounded down', (w) => `${w.arg(0)} divided by ${w.arg(1)}, rounded down`, floorDiv);
}
