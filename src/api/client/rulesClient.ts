import type { RuleCatalogue, RuleCoverageResponse } from '../rulesTypes';
import type { Transport } from './Transport';

/** The rule catalogue's calls (src/server/rules). */
export function rulesClient(t: Transport) {
  return {
    catalogue: () => t.json<RuleCatalogue>('/api/rules/catalogue'),
    /** Evaluates every stored product: slower than the catalogue. */
    coverage: () => t.json<RuleCoverageResponse>('/api/rules/coverage'),
  };
}

export type RulesClient = ReturnType<typeof rulesClient>;
