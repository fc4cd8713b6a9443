import { getIn, setInOwned } from '../model/paths';
import { isEmptyValue } from '../ops/listOps';
import type { EngineTables } from './engineTables';
import type { EvaluationPass } from './EvaluationPass';

/**
 * The hidden-data policy as a save applies it: a hidden field whose policy is `clear` is emptied
 * (null, reported in `derived` and `dropped`); `skip` and `keep` fields keep their values. Returns
 * the paths emptied now, so the rules reading them run again, and whether the view model reads one.
 */
export function applyHiddenPolicy(t: EngineTables, fieldVisible: Uint8Array, p: EvaluationPass): { emptied: string[][]; viewReads: boolean } {
  let working = p.working;
  // Copied once along the cleared paths: the document the caller passed in stays as it was.
  let owned: Set<object> | null = null;
  const emptied: string[][] = [];
  let viewReads = false;
  for (const i of t.clearFields) {
    if (fieldVisible[i]) continue;
    const f = t.fields[i];
    if (isEmptyValue(getIn(working, f.segs))) continue;
    p.derived[f.path] = null;
    p.dropped.push(f.path);
    emptied.push(f.segs);
    if (t.viewReads[i]) viewReads = true;
    working = setInOwned(working, f.segs, 0, null, (owned ??= new Set()), t.addingCopy);
  }
  p.working = working;
  if (emptied.length) {
    p.ctx.doc = working;
    p.ctx.rev = (p.ctx.rev ?? 0) + 1;
  }
  return { emptied, viewReads };
}
