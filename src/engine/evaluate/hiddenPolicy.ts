import { getIn, setInOwned } from '../model/paths';
import { isEmptyValue } from '../ops/listOps';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';

/**
 * Phase 5, the hidden-data policy, once: a hidden field whose policy is `clear` is emptied (null,
 * reported in `derived`); `skip` and `keep` fields keep their values.
 */
export function applyHiddenPolicy(t: EngineTables, fieldVisible: Uint8Array, p: EvaluationPass): void {
  let working = p.working;
  // Copied once along the cleared paths: the document the rules saw (explain's input) stays as it was.
  let owned: Set<object> | null = null;
  for (const i of t.clearFields) {
    if (fieldVisible[i]) continue;
    const f = t.fields[i];
    if (isEmptyValue(getIn(working, f.segs))) continue;
    p.derived[f.path] = null;
    working = setInOwned(working, f.segs, 0, null, (owned ??= new Set()), t.addingCopy);
  }
  p.working = working;
}
