import type { Criteria } from '../../ui/dashboard/searchRules';

/** What the Deduplicates list shows: page, size, sort and the applied search. */
export interface DedupQuery {
  page: number;
  perpage: number;
  sorting_field: string;
  sorting_direction: 'asc' | 'desc';
  search: Criteria;
}

export interface DedupParamsConfig {
  defaults: { page: number; perpage: number; sorting_field: string; sorting_direction: string };
  pageSizes: number[];
  /** The sortable column keys. */
  sorts: string[];
  search: { defaults: Criteria; toggles: ReadonlyArray<{ key: string }> };
}

/** The search params, named as the email list's (emailListParams.ts) plus the search's query and toggles. */
export const dedupParamNames = { page: 'page', perpage: 'size', sorting_field: 'sort', sorting_direction: 'dir', query: 'q', by: 'by' } as const;

const positiveInt = (s: string | null) => (s !== null && /^[1-9][0-9]{0,8}$/.test(s) ? Number(s) : null);

/**
 * The list state a URL names (issue 28 item 1, as the email list): Back, reload and a shared link
 * show the same page, size, sort and search. Anything malformed or unknown is the default.
 */
export function readDedupQuery(params: URLSearchParams, config: DedupParamsConfig): DedupQuery {
  const d = config.defaults;
  const perpage = positiveInt(params.get(dedupParamNames.perpage));
  const sort = params.get(dedupParamNames.sorting_field);
  const dir = params.get(dedupParamNames.sorting_direction);
  const search: Criteria = { ...config.search.defaults };
  const by = params.get(dedupParamNames.by);
  if (by !== null) {
    const on = new Set(by.split(','));
    for (const t of config.search.toggles) search[t.key] = on.has(t.key.replace(/^by_/, ''));
  }
  const q = params.get(dedupParamNames.query);
  if (q !== null) search.query = q;
  return {
    page: positiveInt(params.get(dedupParamNames.page)) ?? d.page,
    perpage: perpage !== null && config.pageSizes.includes(perpage) ? perpage : d.perpage,
    sorting_field: sort !== null && config.sorts.includes(sort) ? sort : d.sorting_field,
    sorting_direction: dir === 'asc' || dir === 'desc' ? dir : (d.sorting_direction as 'asc' | 'desc'),
    search,
  };
}

/** The search params of `q`: only what differs from the defaults, so the plain list keeps a plain URL. */
export function writeDedupQuery(q: DedupQuery, config: DedupParamsConfig): URLSearchParams {
  const d = config.defaults;
  const out = new URLSearchParams();
  const query = String(q.search.query ?? '');
  if (query !== String(config.search.defaults.query ?? '')) out.set(dedupParamNames.query, query);
  const toggles = config.search.toggles.map((t) => t.key);
  if (toggles.some((k) => (q.search[k] === true) !== (config.search.defaults[k] === true))) {
    out.set(dedupParamNames.by, toggles.filter((k) => q.search[k] === true).map((k) => k.replace(/^by_/, '')).join(','));
  }
  if (q.sorting_field !== d.sorting_field) out.set(dedupParamNames.sorting_field, q.sorting_field);
  if (q.sorting_direction !== d.sorting_direction) out.set(dedupParamNames.sorting_direction, q.sorting_direction);
  if (q.perpage !== d.perpage) out.set(dedupParamNames.perpage, String(q.perpage));
  if (q.page !== d.page) out.set(dedupParamNames.page, String(q.page));
  return out;
}
