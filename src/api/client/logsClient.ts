import type { DedupCompare, DedupListResponse, DedupSearchRequest, ImportJob, ImportLogsRequest, ImportLogsResponse } from '../emailTypes';
import { post, type Transport } from './Transport';

/** Import job logs and deduplicates (000 §7 "Import logs and duplicates"). */
export function logsClient(t: Transport) {
  return {
    importJobs: () => t.json<ImportJob[]>('/api/import-jobs'),
    importLogs: (request: ImportLogsRequest) => t.json<ImportLogsResponse>('/api/import-jobs/logs', post(request)),
    dedupSearch: (request: DedupSearchRequest) => t.json<DedupListResponse>('/api/deduplicates/search', post(request)),
    dedupCompare: (id: number) => t.json<DedupCompare>(`/api/deduplicates/${id}`),
  };
}

export type LogsClient = ReturnType<typeof logsClient>;
