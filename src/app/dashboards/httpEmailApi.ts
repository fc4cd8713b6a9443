import type { DashboardRequest, DashboardResponse, RawData, SearchCriteria, StateItem } from '../../api/emailTypes';
import type { EmailApi } from './EmailApi';
import { apiJson } from '../auth/apiFetch';

const post = <T,>(path: string, json: unknown, operationId = 'view') => apiJson<T>(path, { method: 'POST', json, operationId });
const get = <T,>(path: string) => apiJson<T>(path);

let prefetchedRawData: ReturnType<EmailApi['rawData']> | null = null;
/** The prefetched raw data once it answered (while not taken). */
let settledRaw: RawData | null = null;

/** Starts GET raw-data while the page boots (a dashboard's first search needs its newest day). */
export function prefetchRawData(): void {
  if (prefetchedRawData) return;
  const answer = get<RawData>('/api/emails/raw-data');
  prefetchedRawData = answer;
  answer.then(
    (r) => {
      if (prefetchedRawData === answer) settledRaw = r;
    },
    () => undefined,
  );
}

let prefetchedSearch: { key: string; answer: ReturnType<EmailApi['search']>; settled?: DashboardResponse } | null = null;
const searchKey = (search: unknown, request: unknown) => JSON.stringify([search, request]);

/**
 * Starts a dashboard's first search while the page boots (src/app/prefetchFirstScreen.ts). Only the
 * page's first search call may take it, and only when it asks exactly this; any first call drops
 * it, so a later search never gets an old answer.
 */
export function prefetchSearch(search: SearchCriteria, request: DashboardRequest): Promise<DashboardResponse> {
  const entry: NonNullable<typeof prefetchedSearch> = { key: searchKey(search, request), answer: post<DashboardResponse>('/api/emails/search', { search, request }) };
  entry.answer.then(
    (r) => (entry.settled = r),
    () => undefined,
  );
  prefetchedSearch = entry;
  return entry.answer;
}

let prefetchedStates: { key: string; answer: Promise<StateItem[]>; settled?: StateItem[] } | null = null;

/** Starts the first search's states list while the page boots (the search form's State select). */
export function prefetchStates(key: string): Promise<StateItem[]> {
  const entry: NonNullable<typeof prefetchedStates> = { key, answer: get<StateItem[]>(`/api/emails/states/${encodeURIComponent(key)}`) };
  entry.answer.then(
    (r) => (entry.settled = r),
    () => undefined,
  );
  prefetchedStates = entry;
  return entry.answer;
}

/** The raw-data answer started by prefetchRawData (not taken: the dashboard still gets it), or null. */
export function prefetchedRawDataAnswer(): ReturnType<EmailApi['rawData']> | null {
  return prefetchedRawData;
}

/** The EmailApi over the portal's HTTP API (src/server/emails). */
export const httpEmailApi: EmailApi = {
  list: (request) => post('/api/emails/list', request),
  search: (search, request) => {
    const ready = prefetchedSearch;
    prefetchedSearch = null;
    return ready?.key === searchKey(search, request) ? ready.answer : post('/api/emails/search', { search, request });
  },
  update: (payload) => post('/api/emails', { type: 'update', payload }, 'edit'),
  readEmail: (muid) => post('/api/emails/read-email', { muid }, 'edit'),
  updateScore: (muid, panelist_score, index_name) => post('/api/emails/update-score', { muid, panelist_score, index_name }, 'edit'),
  move: async (muids, to) => {
    await post(to === 'glacier' ? '/api/emails/move-to-glacier' : '/api/emails/move-to-focus', { muids }, 'edit');
  },
  assignCopy: (muids, entryID) => post('/api/emails/assign-copy', { payload: muids.map((muid) => ({ muid })), entryID }, 'edit'),
  lookupCopy: (muid) => post('/api/emails/assign-copy', { muid }),
  rawData: () => {
    const answer = prefetchedRawData ?? get('/api/emails/raw-data');
    prefetchedRawData = null;
    settledRaw = null;
    return answer;
  },
  settledRawData: () => {
    const r = settledRaw;
    if (r) {
      prefetchedRawData = null;
      settledRaw = null;
    }
    return r;
  },
  settledSearch: (search, request) => {
    const ready = prefetchedSearch;
    if (!ready?.settled || ready.key !== searchKey(search, request)) return null;
    prefetchedSearch = null;
    return ready.settled;
  },
  states: (country) => {
    const ready = prefetchedStates;
    prefetchedStates = null;
    return ready?.key === country ? ready.answer : get(`/api/emails/states/${encodeURIComponent(country)}`);
  },
  settledStates: (country) => {
    const ready = prefetchedStates;
    if (!ready?.settled || ready.key !== country) return null;
    prefetchedStates = null;
    return ready.settled;
  },
  detail: (muid) => get(`/api/emails/detail/${muid}`),
  body: (muid) => get(`/api/emails/body/${muid}`),
  importJobs: () => get('/api/import-jobs'),
  importLogs: (request) => post('/api/import-jobs/logs', request),
  dedupSearch: (request) => post('/api/deduplicates/search', request),
  dedupCompare: (id) => get(`/api/deduplicates/${id}`),
};
