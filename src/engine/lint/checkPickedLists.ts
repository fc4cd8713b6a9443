import type { MetadataModel } from '../model/MetadataModel';
import { splitPath } from '../model/paths';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import type { LintProblem } from '../types';
import { jsonPath } from './jsonPath';

/**
 * What a picked list's widget reads from metadata instead of TypeScript (issue 16): `x-ui.draft`
 * must name a field of the document, `x-ui.check` an action some rule runs on; a rule's
 * `x-refusal` (how the editor shows its refusal) is `alert` or `toast`.
 */
export function checkPickedLists(model: MetadataModel, add: (p: LintProblem) => void): void {
  const actions = new Set(model.rules.flatMap((r) => r.actions ?? []));
  for (const f of model.fields) {
    const { draft, check } = f.ui;
    if (draft !== undefined && (typeof draft !== 'string' || !resolveSchemaPath(model.rootSchema, splitPath(draft), model))) {
      add({ file: f.file, path: jsonPath(['x-ui', 'draft'], f.jsonPath), message: `draft "${String(draft)}" names no field` });
    }
    if (check !== undefined && (typeof check !== 'string' || !actions.has(check))) {
      add({ file: f.file, path: jsonPath(['x-ui', 'check'], f.jsonPath), message: `check "${String(check)}" is an action no rule runs on` });
    }
  }
  for (const r of model.rules) {
    const style = (r as unknown as Record<string, unknown>)['x-refusal'];
    if (style !== undefined && style !== 'alert' && style !== 'toast') add({ file: r.file, path: jsonPath(['x-refusal'], r.jsonPath), message: `x-refusal is "alert" or "toast", not ${JSON.stringify(style)}` });
  }
}
