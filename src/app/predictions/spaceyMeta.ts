import spacey from '../../../schemas/dashboards/spacey.json';
import type { ColumnMeta, RowActionMeta } from '../../ui/dashboard/dashboardMeta';
import { codeEntries } from '../../ui/dashboard/dashboardMeta';

/** schemas/dashboards/spacey.json: the predictions list and the Predictions for MUID screen. */
export const spaceyMeta = spacey;
export const spaceyColumns = spacey.columns as ColumnMeta[];
export const spaceyRowActions = spacey.rowActions as RowActionMeta[];
export const spaceyPageSizes = codeEntries(spacey.pageSizes.$ref).map((e) => Number(e.const));
export const variantQuery = (variant: string) => (variant === '2019' ? '?variant=2019' : '');

const pad = (n: number) => String(n).padStart(2, '0');
/** 000 §9: the spacey list shows dates in UTC, to the second. */
export function formatUtcSeconds(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

export const percent = (score: number) => `${Math.round(score * 100)}%`;
