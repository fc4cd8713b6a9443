import type { AcceptRequest, AcceptResponse, CompanyMatch, EmailPredictions, ModelVariant, PredictionTarget, SenderSearchBy, SpaceyListRequest, SpaceyListResponse } from '../predictionTypes';
import { post, type Transport } from './Transport';

/** The predictions ("spacey") calls (000 §7 "Predictions and companies"; src/server/predictions). */
export function spaceyClient(t: Transport) {
  return {
    list: (request: SpaceyListRequest) => t.json<SpaceyListResponse>('/api/spacey/list', post(request)),
    predictions: (muid: number, variant: ModelVariant) => t.json<EmailPredictions>(`/api/spacey/predictions/${muid}?variant=${variant}`),
    accept: (muid: number, body: AcceptRequest) => t.json<AcceptResponse>(`/api/spacey/accept/${muid}`, post(body, 'edit')),
    reject: (muid: number, target: PredictionTarget, label: string) => t.json<{ msg: string }>(`/api/spacey/reject/${muid}`, post({ target, label }, 'edit')),
    companySearch: (text: string) => t.json<CompanyMatch[]>(`/api/spacey/company-name/${encodeURIComponent(text)}`),
    /** A chosen search result (companyID) or a name the reviewer confirmed as a new company. */
    addCompany: (muid: number, company: { companyName: string; companyID: number } | { companyName: string; newCompany: true }) =>
      t.json<{ id: number; companyID: number | null; companyName: string }>(`/api/spacey/company/${muid}`, post({ ...company, muid }, 'edit')),
    deleteCompany: (id: number) => t.json<{ status: string }>(`/api/spacey/company/${id}`, { method: 'DELETE', operationId: 'edit' }),
    restoreCompany: (muid: number, companyId: number) => t.json<{ status: string }>(`/api/spacey/company-restore/${muid}`, post({ companyId, actionid: 1 }, 'edit')),
    senderDetails: (query: string, searchBy: SenderSearchBy) => t.json<string[]>('/api/spacey/sender-details', post({ query, searchBy })),
    entryOfPanelist: (panelist_id: number) => t.json<{ entryID: string | null }>('/api/spacey/assign-copy', post({ panelist_id })),
  };
}

export type SpaceyClient = ReturnType<typeof spaceyClient>;
