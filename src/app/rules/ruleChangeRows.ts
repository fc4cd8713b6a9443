import type { RuleChangesResponse } from '../../api/rulesTypes';
import { diffWords } from '../../engine/diff/diffWords';

type Report = RuleChangesResponse;
type Impact = NonNullable<Report['impact']>;

/** A row of the impact table: what changes, how many products, their share, example product ids. */
export interface ImpactRow {
  key: string;
  what: string;
  products: number;
  share: string;
  examples: string[];
}

/** A product to look at: why, and what the new version says of it. */
export interface ProductRow {
  id: string;
  reason: string;
  statusTitle: string;
  sectorTitle: string;
  problems: string[];
}

const share = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '0%');

/** The changes in behaviour (and messages) first, the wording-only ones apart: as the report orders them. */
export function changeGroups(report: Report): { changes: Report['changes']; wording: Report['changes'] } {
  return { changes: report.changes.filter((c) => c.effect !== 'wording'), wording: report.changes.filter((c) => c.effect === 'wording') };
}

/** The impact table of `rules diff`'s report, row for row. */
export function impactRows(impact: Impact): ImpactRow[] {
  const t = impact.total;
  return diffWords.impactRows.map(([key, what]) => {
    const lost = key === 'approvableLost' || key === 'saveBroken' ? impact[key] : null;
    const n = lost ? impact[`${key as 'approvableLost' | 'saveBroken'}Total`] : t[key as Exclude<typeof key, 'approvableLost' | 'saveBroken'>];
    return { key, what, products: n, share: share(n, t.products), examples: lost ? lost.slice(0, 5).map((p) => p.id) : key === 'changed' ? t.examples : [] };
  });
}

/**
 * Every product the report names, once: those that would stop being approvable, those that would
 * no longer save (with the new version's problems), then the other examples of changed products.
 */
export function productRows(impact: Impact, reasons: { approvableLost: string; saveBroken: string; changed: string }): ProductRow[] {
  const rows = new Map<string, ProductRow>();
  for (const key of ['approvableLost', 'saveBroken'] as const) {
    for (const p of impact[key]) {
      const row = rows.get(p.id);
      const problems = p.errors.map((e) => e.message);
      if (row) {
        row.reason = `${row.reason}; ${reasons[key]}`;
        row.problems = [...new Set([...row.problems, ...problems])];
      } else rows.set(p.id, { id: p.id, reason: reasons[key], statusTitle: p.statusTitle, sectorTitle: p.sectorTitle, problems });
    }
  }
  for (const id of impact.total.examples) if (!rows.has(id)) rows.set(id, { id, reason: reasons.changed, statusTitle: '', sectorTitle: '', problems: [] });
  return [...rows.values()];
}
