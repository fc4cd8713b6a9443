import type { RuleCoverageResponse } from '../../api/rulesTypes';
import { useRuleCoverage as useCoverageRead } from '../../api/hooks/rulesHooks';

export type CoverageLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; coverage: RuleCoverageResponse };

/** GET /api/rules/coverage, loaded beside the catalogue (it takes longer: it evaluates every product). */
export function useRuleCoverage(): CoverageLoad {
  const { data, error } = useCoverageRead();
  return data ? { status: 'ready', coverage: data } : error ? { status: 'error', message: error.message } : { status: 'loading' };
}
