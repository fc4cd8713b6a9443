import type { DedupCompare, DedupListResponse, DedupSearchRequest, ImportJob, ImportLogsRequest, ImportLogsResponse } from '../emailTypes';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

/** The import jobs (000 §2 "Import job logs": the timeframe selector). */
export const useImportJobs = () => usePortalRead<ImportJob[]>(cacheKeys.importJobs(), (api) => api.logs.importJobs());

/** Each job's log count once an answer gave it, so later pages skip the count. */
const knownTotals = new Map<number, number>();

/** One page of a job's logs; null while no job is chosen. */
export const useImportLogs = (request: Omit<ImportLogsRequest, 'tot_logs'> | null) =>
  usePortalRead<ImportLogsResponse>(
    request ? cacheKeys.importLogs(request) : null,
    async (api) => {
      const r = request!;
      const res = await api.logs.importLogs({ ...r, tot_logs: r.page > 1 ? (knownTotals.get(r.cron_log_id) ?? null) : null });
      knownTotals.set(r.cron_log_id, res.tot_logs);
      return res;
    },
    { keepPreviousData: true },
  );

/** One page of duplicate groups for a search. */
export const useDedupList = (request: DedupSearchRequest) =>
  usePortalRead<DedupListResponse>(cacheKeys.dedupList(request), (api) => api.logs.dedupSearch(request), { keepPreviousData: true });

/** A group's original and duplicates (the compare modal); null while none is open. */
export const useDedupCompare = (id: number | null) => usePortalRead<DedupCompare>(id === null ? null : cacheKeys.dedupCompare(id), (api) => api.logs.dedupCompare(id!));
