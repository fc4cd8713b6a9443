import { canonicalJson } from './canonicalJson';

export interface LeafChange {
  /** Dotted key path inside the compared objects (`x-ui.order`). */
  path: string;
  before: unknown;
  after: unknown;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The leaves that differ between two JSON values, objects walked key by key (key order ignored),
 * arrays and scalars compared whole so a changed list reads as one before/after pair.
 */
export function flattenDiff(a: unknown, b: unknown, prefix = ''): LeafChange[] {
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => flattenDiff(a[k], b[k], prefix ? `${prefix}.${k}` : k));
  }
  if (canonicalJson(a) === canonicalJson(b)) return [];
  return [{ path: prefix, before: a, after: b }];
}

/** A value for a one-line report: JSON, shortened. */
export function showValue(v: unknown, max = 80): string {
  if (v === undefined) return '(none)';
  const s = typeof v === 'string' ? JSON.stringify(v) : canonicalJson(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export function describeLeaf(c: LeafChange): string {
  if (c.before === undefined) return `${c.path} set to ${showValue(c.after)}`;
  if (c.after === undefined) return `${c.path} removed (was ${showValue(c.before)})`;
  return `${c.path}: ${showValue(c.before)} → ${showValue(c.after)}`;
}
