import type { DedupCompare, DedupListResponse, DedupSearchRequest, ImportJob, ImportLogsRequest, ImportLogsResponse } from '../emailTypes';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

/** The import jobs (000 §2 "Import job logs": the timeframe selector). */
export const useImportJobs = () => usePortalRead<ImportJob[]>(cacheKeys.importJobs(), (api) => api.logs.importJobs());

/** One page of a job's logs; null while no job is chosen. */
export const useImportLogs = (request: ImportLogsRequest | null) =>
  usePortalRead<ImportLogsResponse>(request ? cacheKeys.importLogs(request) : null, (api) => api.logs.importLogs(request!), { keepPreviousData: true });

/** One page of duplicate groups for a search. */
export const useDedupList = (request: DedupSearchRequest) =>
  usePortalRead<DedupListResponse>(cacheKeys.dedupList(request), (api) => api.logs.dedupSearch(request), { keepPreviousData: true });

/** A group's original and duplicates (the compare modal); null while none is open. */
export const useDedupCompare = (id: number | null) => usePortalRead<DedupCompare>(id === null ? null : cacheKeys.dedupCompare(id), (api) => api.logs.dedupCompare(id!));
