import type { SearchCriteria } from '../../api/emailTypes';
import type { AcceptRequest, AcceptResponse, EmailPredictions, ModelVariant, PredictionTarget, SpaceyListResponse } from '../../api/predictionTypes';
import { apiJson } from '../auth/apiFetch';

export interface SpaceyListRequest {
  page: number;
  perpage: number;
  sorting_field: string;
  sorting_direction: 'asc' | 'desc';
  variant: ModelVariant;
  search: SearchCriteria | null;
}

const post = <T,>(path: string, json: unknown, operationId = 'view') => apiJson<T>(path, { method: 'POST', json, operationId });

/** The predictions screens' calls (src/server/predictions). */
export const predictionsApi = {
  list: (req: SpaceyListRequest) => post<SpaceyListResponse>('/api/spacey/list', req),
  predictions: (muid: number, variant: ModelVariant) => apiJson<EmailPredictions>(`/api/spacey/predictions/${muid}?variant=${variant}`),
  accept: (muid: number, body: AcceptRequest) => post<AcceptResponse>(`/api/spacey/accept/${muid}`, body, 'edit'),
  reject: (muid: number, target: PredictionTarget, label: string) => post<{ msg: string }>(`/api/spacey/reject/${muid}`, { target, label }, 'edit'),
  companySearch: (text: string) => apiJson<Array<{ companyID: number; companyName: string }>>(`/api/spacey/company-name/${encodeURIComponent(text)}`),
  addCompany: (muid: number, companyName: string) => post<{ id: number }>(`/api/spacey/company/${muid}`, { companyName, muid }, 'edit'),
  deleteCompany: (id: number) => apiJson<{ status: string }>(`/api/spacey/company/${id}`, { method: 'DELETE', operationId: 'edit' }),
  restoreCompany: (muid: number, companyId: number) => post<{ status: string }>(`/api/spacey/company-restore/${muid}`, { companyId, actionid: 1 }, 'edit'),
  senderDetails: (query: string, searchBy: 'email' | 'name') => post<string[]>('/api/spacey/sender-details', { query, searchBy }),
  entryOfPanelist: (panelist_id: number) => post<{ entryID: string | null }>('/api/spacey/assign-copy', { panelist_id }),
};
