import { createContext, useContext } from 'react';
// Type-only: the files themselves come from GET /api/metadata (reload, METADATA_DIR), never the bundle.
import type emailsJson from '../../../schemas/dashboards/emails.json';
import type searchJson from '../../../schemas/dashboards/email_search.json';
import type dedupJson from '../../../schemas/dashboards/deduplicates.json';
import type importLogsJson from '../../../schemas/dashboards/importlogs.json';
import type detailJson from '../../../schemas/dashboards/email_detail.json';
import type { SearchRuleFile } from '../../ui/dashboard/searchRules';
import { codeTableEntries } from '../codeTableEntries';
import type { CodeEntry, ColumnMeta, RowActionMeta, SearchField, ToolbarMeta } from '../../ui/dashboard/dashboardTypes';

export type { CodeEntry, ColumnMeta, RowActionMeta, SearchField, ToolbarMeta } from '../../ui/dashboard/dashboardTypes';

type EmailsMeta = typeof emailsJson & { messages: Record<string, string> };

/** The email area's metadata, from the files GET /api/metadata serves. */
export interface DashboardMeta {
  email: EmailsMeta;
  search: typeof searchJson;
  dedup: typeof dedupJson;
  importLogs: typeof importLogsJson;
  detail: typeof detailJson;
  emailSearchRules: SearchRuleFile;
  dedupSearchRules: SearchRuleFile;
  emailColumns: ColumnMeta[];
  rowActions: RowActionMeta[];
  toolbarItems: ToolbarMeta[];
  pageSizes: number[];
  /** The entries of a `codes/<name>` table ([] when unknown). */
  codeEntries(ref: string | undefined): CodeEntry[];
  /** The search form's fields in display order. */
  searchFields(): SearchField[];
  /** Email statuses by x-key and their annotations (schemas/codes/email_status.json, 000 §4). */
  status: {
    code(key: string): number;
    label(code: number): string;
    /** The status dropdown's options (not x-selectable false). */
    selectable: CodeEntry[];
    /** Shown as plain text; the list can not change them (x-locked). */
    locked: number[];
    /** The only statuses one change may set on several emails (x-bulk). */
    bulk: number[];
    /** Move to e-Glacier refuses a selection holding one (x-glacier-refused). */
    glacierRefused: number[];
  };
}

/** Builds the email area's metadata from the served files (schemas/dashboards, rules/dashboards, schemas/codes). */
export function dashboardMetaOf(files: Record<string, unknown>): DashboardMeta {
  const file = <T,>(path: string): T => {
    const f = files[path];
    if (f === undefined) throw new Error(`metadata file ${path} is missing`);
    return f as T;
  };
  const email = file<EmailsMeta>('schemas/dashboards/emails.json');
  const search = file<typeof searchJson>('schemas/dashboards/email_search.json');
  const codeEntries = (ref: string | undefined): CodeEntry[] => codeTableEntries(files, ref);
  const statuses = codeEntries(email.statusCodes.$ref);
  const codes = (flag: string) => statuses.filter((e) => e[flag] === true).map((e) => Number(e.const));
  return {
    email,
    search,
    dedup: file('schemas/dashboards/deduplicates.json'),
    importLogs: file('schemas/dashboards/importlogs.json'),
    detail: file('schemas/dashboards/email_detail.json'),
    emailSearchRules: file('rules/dashboards/email_search.json'),
    dedupSearchRules: file('rules/dashboards/deduplicates.json'),
    emailColumns: email.columns as ColumnMeta[],
    rowActions: email.rowActions as RowActionMeta[],
    toolbarItems: email.toolbar as ToolbarMeta[],
    pageSizes: codeEntries(email.pageSizes.$ref).map((e) => Number(e.const)),
    codeEntries,
    searchFields: () =>
      Object.entries(search.properties as Record<string, Record<string, unknown>>)
        .map(([key, p]) => ({ key, title: String(p.title ?? key), ref: p.$ref as string | undefined, maxLength: p.maxLength as number | undefined, ui: (p['x-ui'] ?? {}) as Record<string, unknown> }))
        .sort((a, b) => Number(a.ui.order ?? 0) - Number(b.ui.order ?? 0)),
    status: {
      code(key) {
        const hit = statuses.find((e) => e['x-key'] === key);
        if (!hit) throw new Error(`the email status table has no x-key "${key}"`);
        return Number(hit.const);
      },
      label: (v) => statuses.find((e) => e.const === v)?.title ?? String(v),
      selectable: statuses.filter((e) => e['x-selectable'] !== false),
      locked: codes('x-locked'),
      bulk: codes('x-bulk'),
      glacierRefused: codes('x-glacier-refused'),
    },
  };
}

export const DashboardMetaContext = createContext<DashboardMeta | null>(null);

/** The email area's metadata (provided by src/app/dashboards once GET /api/metadata answered). */
export function useDashboardMeta(): DashboardMeta {
  const dm = useContext(DashboardMetaContext);
  if (!dm) throw new Error('useDashboardMeta needs a DashboardMetaContext provider (src/app/dashboards)');
  return dm;
}
