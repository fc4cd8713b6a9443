import type { CompanyMatch, EmailPredictions, ModelVariant, SenderSearchBy, SpaceyListRequest, SpaceyListResponse } from '../predictionTypes';
import { cacheKeys } from './cacheKeys';
import { useNewestPayload } from './useNewestRows';
import { usePortalRead } from './usePortalRead';

/** One page of the predictions list (000 §2 "Predictions list"). */
export const useSpaceyList = (request: SpaceyListRequest) =>
  useNewestPayload(usePortalRead<SpaceyListResponse>(cacheKeys.spaceyList(request), (api) => api.spacey.list(request), { keepPreviousData: true }));

/** Everything 'Predictions for MUID' shows. */
export const usePredictions = (muid: number, variant: ModelVariant) => usePortalRead<EmailPredictions>(cacheKeys.predictions(muid, variant), (api) => api.spacey.predictions(muid, variant));

/** Companies matching `text`; null (no request) below the screen's minimum length (000 §5). */
export const useCompanySearch = (text: string | null) =>
  usePortalRead<CompanyMatch[]>(text === null ? null : cacheKeys.companySearch(text), (api) => api.spacey.companySearch(text!), { keepPreviousData: true });

/** Sender strings matching `query` in the `by` field (000 §7 sender details); null: no request. */
export const useSenderDetails = (query: string | null, by: SenderSearchBy) =>
  usePortalRead<string[]>(query === null ? null : cacheKeys.senderDetails(query, by), (api) => api.spacey.senderDetails(query!, by), { keepPreviousData: true });
