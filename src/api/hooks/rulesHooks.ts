import type { RuleCatalogue, RuleChangesResponse, RuleCoverageResponse, RuleVersionsResponse } from '../rulesTypes';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

export const useRuleCatalogue = () => usePortalRead<RuleCatalogue>(cacheKeys.ruleCatalogue(), (api) => api.rules.catalogue());

/** Evaluates every stored product: not read again on focus. */
export const useRuleCoverage = () => usePortalRead<RuleCoverageResponse>(cacheKeys.ruleCoverage(), (api) => api.rules.coverage(), { revalidateOnFocus: false });

/** What the Rule changes screen can compare (the commits change as people commit: read again on focus). */
export const useRuleVersions = () => usePortalRead<RuleVersionsResponse>(cacheKeys.ruleVersions(), (api) => api.rules.versions());

/** A rule-change review; null versions: nothing to read yet. Evaluates every stored product: not read again on focus. */
export const useRuleChanges = (from: string | null, to: string | null) =>
  usePortalRead<RuleChangesResponse>(from && to ? cacheKeys.ruleChanges(from, to) : null, (api) => api.rules.changes(from!, to!), { revalidateOnFocus: false });
