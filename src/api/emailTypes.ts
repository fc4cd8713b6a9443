/**
 * The email triage API contract (000 §3, §7): dashboards, email updates, copies, detail, import
 * logs and deduplicates. Field names are the spec's.
 */

/**
 * 000 §3 "Sort fields": the `sort` of a column in schemas/dashboards/emails.json (each an emails
 * column), named there only; the server refuses any other.
 */
export type EmailSortField = string;
export type SortDirection = 'asc' | 'desc';
/** The route's panelist type ('all' on /). */
export type PanelistTypeFilter = 'all' | 'producer' | 'consumer' | 'mortgage' | 'provider';
/** Focus (0, 1), e-Glacier (3), and the header's Copy list (4). */
export type DashboardType = 'focus' | 'glacier' | 'copy';

/** 000 §3 "Search criteria". Empty strings mean "not set". */
export interface SearchCriteria {
  query: string;
  by_id: boolean;
  by_subject: boolean;
  by_body: boolean;
  by_sender_name: boolean;
  by_sender_email: boolean;
  from_day: string;
  from_month: string;
  from_year: string;
  to_day: string;
  to_month: string;
  to_year: string;
  show_blank: boolean;
  show_unused: boolean;
  show_used: boolean;
  show_copy: boolean;
  show_junk: boolean;
  hide_read: boolean;
  flags: string[];
  panelist: string;
  state: string;
  /** '0' all, 'US', 'CA'. */
  country: string;
  /** '1' business owner, '-1' both, '0' non-business owner, '' any. */
  owner_type: string;
  /** index_name, '' any. */
  partition: string;
  /**
   * The date parts this search leaves out are the dashboard's default range (000 §9: the last
   * `x-default-range-days` days up to the newest email), which the server fills in: a dashboard's
   * first list needs no round trip for the newest email's day (issue 31 item 7). A part sent, even
   * empty, is taken as sent.
   */
  default_dates?: boolean;
}

/** Where the current page starts and ends, so the next/previous pages are keyset queries. */
export interface PagingMarker {
  page: number;
  perpage: number;
  /** The sort value and muid of the first and last row of that page. */
  first: [string | number | null, number];
  last: [string | number | null, number];
  /** The request's filter+sort signature the markers belong to. */
  key: string;
}

/** 000 §3 "Dashboard request state". */
export interface DashboardRequest {
  page: number;
  perpage: number;
  panelist: PanelistTypeFilter;
  dashboard: DashboardType;
  sorting_field: EmailSortField;
  sorting_direction: SortDirection;
  /** The total the client already knows for the same filters (skips the count). */
  totals?: number | null;
  paging?: PagingMarker | null;
  /** Absent: the dashboard's own status filter only. */
  search?: SearchCriteria | null;
}

/** One list row (000 §3 "Email item"), plus any extra emails column the dashboard metadata lists. */
export interface EmailItem {
  muid: number;
  /** The row's version (emails.row_version): the newest answer about a row wins (src/api/hooks/newestRows.ts). */
  row_version: number;
  deleted: number;
  panelist_core: number;
  panelist_score: string;
  email_read: number;
  email_subject: string;
  email_from_one: string;
  email_from_name: string;
  email_date: string | null;
  index_name: string;
  panelist_id: number | null;
  panelist_type: string | null;
  has_attachment: number;
  competi_id: number | null;
  entry_id: string | null;
  flags: string[];
  [extra: string]: unknown;
}

/** 000 §3 dashboard response. */
export interface DashboardResponse {
  payload: EmailItem[];
  hasNext: boolean;
  totalEmails: number;
  /** True when totalEmails is the planner's estimate (large filtered results). */
  totalIsEstimate: boolean;
  totalSpaceyEmails: number;
  lastPage: number;
  paging: PagingMarker | null;
  competi_ids: number[];
}

/** POST /api/emails/search */
export interface SearchRequest {
  search: SearchCriteria;
  request: DashboardRequest;
}

/** One row of POST /api/emails {type:'update'}. */
export interface EmailUpdate {
  muid: number;
  deleted?: number;
  panelist_core?: number;
  panelist_score?: string;
  email_read?: number;
  index_name?: string;
}

export interface EmailUpdateRequest {
  type: 'update';
  payload: EmailUpdate[];
}

/** status 'ok' is success; otherwise payload.msg says why. */
export interface StatusResponse {
  status: 'ok' | 'error';
  payload?: { msg: string };
}

/** An email's editable state as stored after a write (000 §3): what the caches showing it take. */
export interface EmailRowState {
  muid: number;
  /** The row's version (emails.row_version, raised by every update): of two answers about a row the higher wins. */
  row_version: number;
  deleted: number;
  panelist_core: number;
  panelist_score: string;
  email_read: number;
}

/** POST /api/emails {type:'update'}, read-email and update-score: the rows as stored afterwards. */
export interface EmailUpdateResponse extends StatusResponse {
  rows?: EmailRowState[];
}

/** POST /api/emails/move-to-glacier, move-to-focus: the emails moved and the status they now have. */
export interface MoveResponse {
  status: 'ok';
  muids: number[];
  deleted: number;
}

export interface UpdateScoreRequest {
  muid: number;
  panelist_score: string;
  index_name?: string;
}

export interface MoveRequest {
  muids: number[];
}

/** POST /api/emails/assign-copy with {muid}: the product entry an email was used for. */
export interface AssignCopyLookup {
  muid: number;
}
export interface AssignCopyLookupResponse {
  entryID: string | null;
  muid: number | null;
  msg?: string;
  /** The product found (one the caller may see). */
  productId?: number;
  /** Whether that product was catalogued from this email (its muid), not one the email was assigned to as a Copy. */
  ownProduct?: boolean;
}

/** POST /api/emails/assign-copy with {payload, entryID}. */
export interface AssignCopyRequest {
  payload: Array<{ muid: number; index_name?: string }>;
  entryID: string;
}
export interface AssignCopyResponse {
  status: boolean;
  msg: string;
  /** The emails now in Copy status. */
  muids: number[];
}

export interface StateItem {
  stateID: number;
  stateName: string;
}

/** GET /api/emails/raw-data (000 §3 "Raw data"). */
export interface RawData {
  totEmails: number;
  totSpaceyEmails: number;
  totSpacey2019Emails: number;
  states: StateItem[];
  partition: string[];
  scores: { score: string[]; prod_score: string[] };
  statuses: Array<{ value: number; label: string }>;
  days: string[];
  months: string[];
  years: string[];
  /**
   * Day (YYYY-MM-DD, UTC) of the newest email, null when there is none: the default search range is
   * the 30 days up to it (000 §9 'last 30 days'; an inbox of old mail still shows mail).
   */
  newestDay: string | null;
}

/** GET /api/emails/email/:muid */
export interface EmailHead {
  muid: number;
  email_subject: string;
  deleted: number;
  index_name: string;
}

export interface EmailAttachmentInfo {
  id: number;
  filename: string;
  content_type: string;
  size: number;
  content_id: string | null;
}

/** GET /api/emails/detail/:muid */
export interface EmailDetail extends EmailItem {
  email_to: string;
  email_cc: string;
  mimetype: string;
  html_body: string | null;
  text_body: string | null;
  points: string;
  state: string | null;
  age: number | null;
  first_name: string | null;
  last_name: string | null;
  attachments: EmailAttachmentInfo[];
}

/** GET /api/import-jobs */
export interface ImportJob {
  id: number;
  start_time: string;
  end_time: string | null;
  /**
   * From the job table: `done`, `running`, `interrupted` (its instance stopped; another one
   * retries it) or `failed` (given up; the logs keep what it stored).
   */
  state: 'done' | 'running' | 'interrupted' | 'failed';
}

/** POST /api/import-jobs/logs */
export interface ImportLogsRequest {
  cron_log_id: number;
  page: number;
  perpage: number;
  tot_logs?: number | null;
}

export interface ImportLog {
  db_muid: number | null;
  original_muid: string | null;
  email_date: string | null;
  mimtype: string | null;
  s3_content_length: number;
  status: number;
  status_code: number;
  /** A refused message's file (its name) and why it was refused, e.g. `junk.eml: not an email message: ...`; null otherwise. */
  reason: string | null;
}

export interface ImportLogsResponse {
  payload: ImportLog[];
  hasNext: boolean;
  tot_logs: number;
  lastPage: number;
}

/**
 * 000 §3 deduplicate sort keys: a column's `sort` or a `sortAliases` key of
 * schemas/dashboards/deduplicates.json, named there only; the server refuses any other.
 */
export type DedupSortField = string;

export interface DedupPaging {
  page: number;
  perpage: number;
  tot_deduplicates?: number | null;
  sorting_field?: DedupSortField;
  sorting_direction?: SortDirection;
}

/** POST /api/deduplicates/search */
export interface DedupSearchRequest {
  search: { query: string; by_id: boolean; by_subject: boolean };
  payload: DedupPaging;
}

/** 000 §3 "Dedup group". */
export interface DedupGroup {
  ID: number;
  original_muid: number;
  email_subject: string;
  original_sender_name: string;
  original_date: string | null;
  duplicates: string;
  total_duplicates: number;
}

export interface DedupListResponse {
  payload: DedupGroup[];
  hasNext: boolean;
  tot_deduplicates: number;
  lastPage: number;
}

/** GET /api/deduplicates/:id: the original and its duplicates, for the compare modal. */
export interface DedupCompare {
  group: DedupGroup;
  original: DedupEmail;
  duplicates: DedupEmail[];
}

export interface DedupEmail {
  muid: number;
  email_subject: string;
  email_from_one: string;
  email_from_name: string;
  email_date: string | null;
  match: string;
}

/** GET /api/emails/body/:muid: what the popups and the detail render (sanitised in the browser). */
export interface EmailBody {
  muid: number;
  subject: string;
  html: string | null;
  text: string | null;
  email_date: string | null;
}

/** One email of a product (Used: it was catalogued from it; Copy: assigned to it), for the product screens. */
export interface ProductEmail {
  muid: number;
  /** The email status code (its label and key are the status table's). */
  deleted: number;
  email_subject: string;
  email_from_name: string;
  email_from_one: string;
  email_date: string | null;
  entry_id: string | null;
}

/** GET /api/emails/product/{product_id}: the emails assigned to a product that the caller may see. */
export interface ProductEmailsResponse {
  product_id: number;
  emails: ProductEmail[];
  /** Emails of the product hidden from the caller (panelist types the role can not see). */
  hidden: number;
}
