/// <reference types="vite/client" />
import emailsMeta from '../../../schemas/dashboards/emails.json';
import searchMeta from '../../../schemas/dashboards/email_search.json';
import dedupMeta from '../../../schemas/dashboards/deduplicates.json';
import importLogsMeta from '../../../schemas/dashboards/importlogs.json';
import emailSearchRules from '../../../rules/dashboards/email_search.json';
import dedupRules from '../../../rules/dashboards/deduplicates.json';
import type { SearchRuleFile } from './searchRules';

/** One list column of a dashboard file: `kind` picks the cell renderer (cellRenderers.tsx). */
export interface ColumnMeta {
  key: string;
  label: string;
  kind: string;
  field?: string;
  sort?: string;
  width?: number;
  maxLength?: number;
  ellipsis?: string;
  path?: string;
  popup?: { width: number; height: number };
  labels?: Record<string, string>;
  otherwise?: string;
}

export interface RowActionMeta {
  key: string;
  label: string;
  icon: string;
  path: string;
  popup: { width: number; height: number };
}

/** A toolbar control: `move` buttons move the checked emails, `bulkStatus` sets their status. */
export interface ToolbarMeta {
  key: string;
  kind: string;
  label: string;
  icon?: string;
  intent?: string;
  dashboards: string[];
  /** bulkStatus: the only statuses allowed when more than one email is checked. */
  bulkStatuses?: number[];
}

export interface CodeEntry {
  const: string | number;
  title: string;
  [k: string]: unknown;
}

// Every code table, so a search field or column may $ref any of them without a code change.
const codeFiles = import.meta.glob<{ default: { oneOf?: CodeEntry[] } }>('../../../schemas/codes/*.json', { eager: true });

/** The entries of a `codes/<name>` table ([] when unknown). */
export function codeEntries(ref: string | undefined): CodeEntry[] {
  if (!ref) return [];
  const name = ref.replace(/^.*codes\//, '').replace(/\.json$/, '');
  const hit = Object.entries(codeFiles).find(([path]) => path.endsWith(`/codes/${name}.json`));
  return hit?.[1].default.oneOf ?? [];
}

export type SearchField = { key: string; title: string; ref?: string; maxLength?: number; ui: Record<string, unknown> };

/** The search form's fields in display order. */
export function searchFields(schema: { properties: Record<string, Record<string, unknown>> } = searchMeta as never): SearchField[] {
  return Object.entries(schema.properties)
    .map(([key, p]) => ({ key, title: String(p.title ?? key), ref: p.$ref as string | undefined, maxLength: p.maxLength as number | undefined, ui: (p['x-ui'] ?? {}) as Record<string, unknown> }))
    .sort((a, b) => Number(a.ui.order ?? 0) - Number(b.ui.order ?? 0));
}

export const emailDashboardMeta = emailsMeta;
export const emailSearchMeta = searchMeta;
export const dedupDashboardMeta = dedupMeta;
export const importLogsDashboardMeta = importLogsMeta;
export const emailSearchRuleFile = emailSearchRules as unknown as SearchRuleFile;
export const dedupSearchRuleFile = dedupRules as unknown as SearchRuleFile;
export const emailColumns = emailsMeta.columns as ColumnMeta[];
export const rowActions = emailsMeta.rowActions as RowActionMeta[];
export const toolbarItems = emailsMeta.toolbar as ToolbarMeta[];
export const pageSizes = codeEntries(emailsMeta.pageSizes.$ref).map((e) => Number(e.const));
export const statusEntries = codeEntries(emailsMeta.statusCodes.$ref);

/** 000 §4: the status dropdown's options (every status not marked x-selectable false). */
export const selectableStatuses = statusEntries.filter((e) => e['x-selectable'] !== false);
/** Statuses shown as plain text that the list can not change (000 §4: Used 2, e-Glacier 3). */
export const lockedStatuses = statusEntries.filter((e) => e['x-selectable'] === false).map((e) => Number(e.const));
export const statusLabel = (v: number): string => statusEntries.find((e) => e.const === v)?.title ?? String(v);
