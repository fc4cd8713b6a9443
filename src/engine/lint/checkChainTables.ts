import type { MetadataModel } from '../model/MetadataModel';
import { normalizeRef } from '../model/refs';
import type { LintProblem } from '../types';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `x-codes` list of the schema files (a sector chain's ids: level 1 from the first table, deeper levels from the others). */
function chainTableLists(model: MetadataModel): string[][] {
  const lists = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    if (!isObj(node)) return;
    const codes = node['x-codes'];
    if (Array.isArray(codes) && codes.length > 1 && codes.every((c) => typeof c === 'string')) {
      const refs = codes.map((c) => normalizeRef(c as string));
      lists.set(refs.join('\u0000'), refs);
    }
    Object.values(node).forEach(walk);
  };
  for (const s of model.schemas.values()) walk(s.schema);
  return [...lists.values()];
}

/**
 * A level-1 code of a chain (a sector) that no deeper code names in `x-parent` can never start a
 * chain: the chain editor lists a sector's categories by `x-parent`, and a chain needs one (001 §5
 * "Please select Sector and Category!"). An analyst who adds a sector to `codes/sectors` alone saw it
 * offered and then refused; lint names the missing category instead.
 */
export function checkChainTables(model: MetadataModel, add: (p: LintProblem) => void): void {
  for (const [first, ...deeper] of chainTableLists(model)) {
    const roots = model.codeTables.get(first!);
    const levels = deeper.map((id) => model.codeTables.get(id)).filter((t) => t !== undefined);
    if (!roots || levels.length !== deeper.length) continue; // an unresolved table is reported as such
    const parents = new Set(levels.flatMap((t) => t.entries.map((e) => (e as Obj)['x-parent'])));
    roots.entries.forEach((e, i) => {
      if (parents.has(e.const)) return;
      const names = levels.map((t) => `${t.title} (${t.id})`).join(' or ');
      add({
        file: roots.file,
        path: `$.oneOf[${i}]`,
        message: `${e.title} (${String(e.const)}) has no entry in ${names} with "x-parent": ${JSON.stringify(e.const)}: a chain cannot start with it (it needs a category)`,
      });
    });
  }
}
