import type {
  AssignCopyLookupResponse, AssignCopyResponse, DashboardRequest, DashboardResponse, EmailBody, EmailDetail, EmailUpdate, EmailUpdateResponse, MoveResponse,
  ProductEmailsResponse, RawData, SearchCriteria, StateItem,
} from '../emailTypes';
import { post, type Transport } from './Transport';

/** The email dashboards' calls (000 §7 "Emails"; src/server/emails). */
export function emailsClient(t: Transport) {
  return {
    list: (request: DashboardRequest) => t.json<DashboardResponse>('/api/emails/list', post(request)),
    search: (search: SearchCriteria, request: DashboardRequest) => t.json<DashboardResponse>('/api/emails/search', post({ search, request })),
    /** Answers the rows as stored afterwards (for the caches showing them). */
    update: (payload: EmailUpdate[]) => t.json<EmailUpdateResponse>('/api/emails', post({ type: 'update', payload }, 'edit')),
    readEmail: (muid: number) => t.json<EmailUpdateResponse>('/api/emails/read-email', post({ muid }, 'edit')),
    updateScore: (muid: number, panelist_score: string, index_name: string) => t.json<EmailUpdateResponse>('/api/emails/update-score', post({ muid, panelist_score, index_name }, 'edit')),
    move: (muids: number[], to: 'glacier' | 'focus') => t.json<MoveResponse>(to === 'glacier' ? '/api/emails/move-to-glacier' : '/api/emails/move-to-focus', post({ muids }, 'edit')),
    assignCopy: (muids: number[], entryID: string) => t.json<AssignCopyResponse>('/api/emails/assign-copy', post({ payload: muids.map((muid) => ({ muid })), entryID }, 'edit')),
    lookupCopy: (muid: number) => t.json<AssignCopyLookupResponse>('/api/emails/assign-copy', post({ muid })),
    rawData: () => t.json<RawData>('/api/emails/raw-data'),
    /** '0' or 'all' is every country. */
    states: (country: string) => t.json<StateItem[]>(`/api/emails/states/${encodeURIComponent(country)}`),
    detail: (muid: number) => t.json<EmailDetail>(`/api/emails/detail/${muid}`),
    body: (muid: number) => t.json<EmailBody>(`/api/emails/body/${muid}`),
    ofProduct: (productId: number | string) => t.json<ProductEmailsResponse>(`/api/emails/product/${encodeURIComponent(String(productId))}`),
  };
}

export type EmailsClient = ReturnType<typeof emailsClient>;
