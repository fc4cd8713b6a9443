import type { DashboardRequest, DedupSearchRequest, ImportLogsRequest, SearchCriteria } from '../emailTypes';
import type { ModelVariant, SpaceyListRequest } from '../predictionTypes';

/**
 * The SWR cache keys: one per resource, built from what the screen's URL holds. A key's first
 * element names the resource, so a write can find every cached list that may show a row.
 */
export type CacheKey = readonly [string, ...unknown[]];

/** A dashboard page as the URL states it: no paging markers or known totals (those are the fetcher's). */
export type EmailListRequest = Omit<DashboardRequest, 'paging' | 'totals' | 'search'>;

export const cacheKeys = {
  metadata: () => ['metadata'] as const,
  rawData: () => ['emails/raw-data'] as const,
  states: (country: string) => ['emails/states', country] as const,
  /** search null: the dashboard's own statuses (POST list); otherwise POST search. */
  emailList: (search: SearchCriteria | null, request: EmailListRequest) => ['emails/list', search, request] as const,
  emailDetail: (muid: number) => ['emails/detail', muid] as const,
  emailBody: (muid: number) => ['emails/body', muid] as const,
  /** The forward editor's copy: a new forward of the email (efid null) or a saved one. */
  forwardBody: (muid: number, efid: number | null) => ['forward/body', muid, efid] as const,
  forwardHistory: (muid: number) => ['forward/history', muid] as const,
  forwardAttachments: (muid: number, efid: number | null) => ['forward/attachments', muid, efid] as const,
  productEmails: (productId: string) => ['emails/product', productId] as const,
  importJobs: () => ['logs/import-jobs'] as const,
  importLogs: (request: Omit<ImportLogsRequest, 'tot_logs'>) => ['logs/import-logs', request] as const,
  dedupList: (request: DedupSearchRequest) => ['logs/dedup', request] as const,
  dedupCompare: (id: number) => ['logs/dedup-compare', id] as const,
  spaceyList: (request: SpaceyListRequest) => ['spacey/list', request] as const,
  predictions: (muid: number, variant: ModelVariant) => ['spacey/predictions', muid, variant] as const,
  companySearch: (text: string) => ['spacey/company-search', text] as const,
  senderDetails: (query: string, by: string) => ['spacey/sender-details', query, by] as const,
  adminUsers: () => ['admin/users'] as const,
  adminRoles: () => ['admin/roles'] as const,
  adminModules: () => ['admin/modules'] as const,
  ruleCatalogue: () => ['rules/catalogue'] as const,
  ruleCoverage: () => ['rules/coverage'] as const,
  ruleVersions: () => ['rules/versions'] as const,
  ruleChanges: (from: string, to: string) => ['rules/changes', from, to] as const,
  viewImages: (productId: string, productType: string, productStatus: string | null) => ['media/images', productId, productType, productStatus] as const,
  processedHtml: (muid: string) => ['media/processed-html', muid] as const,
  tempPdf: (muid: string) => ['media/temp-pdf', muid] as const,
} satisfies Record<string, (...args: never[]) => CacheKey>;

/** Whether a cached key is one of the resource `name`'s. */
export const isKeyOf = (name: string) => (key: unknown) => Array.isArray(key) && key[0] === name;
