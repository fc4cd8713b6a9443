import type { RuleCatalogue, RuleCoverageResponse } from '../rulesTypes';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

export const useRuleCatalogue = () => usePortalRead<RuleCatalogue>(cacheKeys.ruleCatalogue(), (api) => api.rules.catalogue());

/** Evaluates every stored product: not read again on focus. */
export const useRuleCoverage = () => usePortalRead<RuleCoverageResponse>(cacheKeys.ruleCoverage(), (api) => api.rules.coverage(), { revalidateOnFocus: false });
