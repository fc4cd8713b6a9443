import { createContext, useContext } from 'react';
import type {
  AssignCopyLookupResponse, AssignCopyResponse, DashboardRequest, DashboardResponse, DedupCompare, DedupListResponse, DedupSearchRequest,
  EmailBody, EmailDetail, EmailUpdate, ImportJob, ImportLogsRequest, ImportLogsResponse, RawData, SearchCriteria, StateItem, StatusResponse,
} from '../../api/emailTypes';

/**
 * Everything the email screens ask the server (000 §7). One HTTP implementation (the app's);
 * methods reject with an Error carrying the server's message.
 */
export interface EmailApi {
  list(request: DashboardRequest): Promise<DashboardResponse>;
  search(search: SearchCriteria, request: DashboardRequest): Promise<DashboardResponse>;
  update(payload: EmailUpdate[]): Promise<StatusResponse>;
  readEmail(muid: number): Promise<StatusResponse>;
  updateScore(muid: number, panelist_score: string, index_name: string): Promise<StatusResponse>;
  move(muids: number[], to: 'glacier' | 'focus'): Promise<void>;
  assignCopy(muids: number[], entryID: string): Promise<AssignCopyResponse>;
  lookupCopy(muid: number): Promise<AssignCopyLookupResponse>;
  rawData(): Promise<RawData>;
  /**
   * Answers the page's boot already holds (issue 17: first load), so a dashboard's first render can
   * draw them instead of a spinner: the raw data, and the first search when it is exactly this one.
   * Each is taken once; null when not here (yet): then ask with rawData/search.
   */
  settledRawData?(): RawData | null;
  settledSearch?(search: SearchCriteria, request: DashboardRequest): DashboardResponse | null;
  states(country: string): Promise<StateItem[]>;
  /** The boot's states list when it answered and is this country's (taken once), else null. */
  settledStates?(country: string): StateItem[] | null;
  detail(muid: number): Promise<EmailDetail>;
  body(muid: number): Promise<EmailBody>;
  importJobs(): Promise<ImportJob[]>;
  importLogs(request: ImportLogsRequest): Promise<ImportLogsResponse>;
  dedupSearch(request: DedupSearchRequest): Promise<DedupListResponse>;
  dedupCompare(id: number): Promise<DedupCompare>;
}

export const EmailApiContext = createContext<EmailApi | null>(null);

export function useEmailApi(): EmailApi {
  const api = useContext(EmailApiContext);
  if (!api) throw new Error('useEmailApi needs an EmailApiContext provider (src/app/dashboards)');
  return api;
}
