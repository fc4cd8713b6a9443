import type { RuleCatalogue, RuleChangesResponse, RuleCoverageResponse, RuleVersionsResponse } from '../rulesTypes';
import type { Transport } from './Transport';

/** The rule catalogue's and the Rule changes screen's calls (src/server/rules). */
export function rulesClient(t: Transport) {
  return {
    catalogue: () => t.json<RuleCatalogue>('/api/rules/catalogue'),
    /** Evaluates every stored product: slower than the catalogue. */
    coverage: () => t.json<RuleCoverageResponse>('/api/rules/coverage'),
    /** The versions of the metadata the Rule changes screen can compare. */
    versions: () => t.json<RuleVersionsResponse>('/api/rules/versions'),
    /** `rules diff <from> <to>` with its impact on the stored products the caller may see. */
    changes: (from: string, to: string) => t.json<RuleChangesResponse>(`/api/rules/diff?${new URLSearchParams({ from, to })}`),
  };
}

export type RulesClient = ReturnType<typeof rulesClient>;
