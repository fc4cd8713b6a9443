import { setInOwned } from '../model/paths';
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
  // Copied once along the cleared paths: the document the caller passed in stays as it was. A root
  // this evaluation copied already is written in place (only the root: a container below it may be
  // held by value elsewhere, as an options rule's last inputs).
  let owned: object[] | null = p.ownedRoot !== null && p.ownedRoot === working ? [p.ownedRoot] : null;
  const emptied: string[][] = [];
  let viewReads = false;
  const found: number[] = [];
  const groups = t.clearGroups;
  for (let g = 0; g < groups.length; g++) {
    const { container, fields } = groups[g];
    // A sub-form the document does not hold: none of its fields has a value.
    if (container !== null && isEmptyContainer(working, container)) continue;
    for (let k = 0; k < fields.length; k++) {
      const i = fields[k];
      if (fieldVisible[i]) continue;
      if (isEmptyValue(t.readField[i]!(working))) continue;
      found.push(i);
    }
  }
  // In field order (the groups are by container).
  if (found.length > 1) found.sort((a, b) => a - b);
  for (const i of found) {
    const f = t.fields[i];
    p.derived[f.path] = null;
    p.dropped.push(f.path);
    emptied.push(f.segs);
    if (t.viewReads[i]) viewReads = true;
    working = setInOwned(working, f.segs, 0, null, (owned ??= []), t.addingCopy);
  }
  p.working = working;
  if (owned !== null) p.ownedRoot = owned[0];
  if (emptied.length) {
    p.ctx.doc = working;
    p.ctx.rev = (p.ctx.rev ?? 0) + 1;
  }
  return { emptied, viewReads };
}

function isEmptyContainer(doc: unknown, key: string): boolean {
  const v = doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>)[key] : undefined;
  return v === undefined || v === null;
}
