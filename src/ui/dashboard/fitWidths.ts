import type { ColumnMeta } from './dashboardTypes';

/**
 * Column widths that fill `available` px: `grow` columns take what the others leave (at least their
 * own width); when even that does not fit, every column shrinks in proportion, so the list never
 * needs a horizontal scrollbar.
 */
export function fitWidths(columns: ColumnMeta[], available: number | null): number[] {
  const base = columns.map((c) => c.width ?? 150);
  if (!available) return base;
  const total = base.reduce((a, b) => a + b, 0);
  const growBase = columns.reduce((a, c, i) => a + (c.grow ? base[i] : 0), 0);
  if (total > available || growBase === 0) {
    if (total <= available) return base;
    const k = available / total;
    return base.map((w) => Math.floor(w * k));
  }
  const free = available - (total - growBase);
  return columns.map((c, i) => (c.grow ? Math.floor((base[i] / growBase) * free) : base[i]));
}
