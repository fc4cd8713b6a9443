import { useEffect, useState } from 'react';
import type { RuleCoverageResponse } from '../../api/rulesTypes';
import { apiJson } from '../auth/apiFetch';

export type CoverageLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; coverage: RuleCoverageResponse };

/** GET /api/rules/coverage, loaded beside the catalogue (it takes longer: it evaluates every product). */
export function useRuleCoverage(): CoverageLoad {
  const [load, setLoad] = useState<CoverageLoad>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    apiJson<RuleCoverageResponse>('/api/rules/coverage').then(
      (coverage) => live && setLoad({ status: 'ready', coverage }),
      (e: unknown) => live && setLoad({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return load;
}
