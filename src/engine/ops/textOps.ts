import type { OpRegistry } from '../logic/OpRegistry';

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

export function registerTextOps(ops: OpRegistry): void {
  ops.add('matches', ([v, p]) => matches(v, p), 'matches a regular expression');
  ops.add('join_words', ([sep, ...values]) => joinWords(sep, values), 'the non-empty values joined by the separator');
  ops.add('floor_div', ([a, b]) => floorDiv(a, b), 'division rounded down');
}
