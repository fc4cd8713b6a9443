import { compileLogic } from '../../engine/logic/compileLogic';
import { emptyContext, type CompiledLogic } from '../../engine/logic/EvalContext';
import { truthy } from '../../engine/logic/truthy';
import { defaultOps } from '../../engine/ops/defaultOps';

/** rules/dashboards/*.json: how a search form reacts to edits and what it checks (json-logic). */
export interface SearchRuleFile {
  onToggle: Array<{ id: string; field: string; when: unknown; set: Record<string, unknown> }>;
  clearQuery: { id: string; fields: string[]; when: unknown };
  checks: Array<{ id: string; on: 'change' | 'search'; field?: string; when: unknown; message: string; clear?: string }>;
  /** State resets of 000 §4 (search, clear, dashboard switch), when the form has them. */
  search?: { reset: Record<string, unknown> };
  clear?: { reset: Record<string, unknown> };
  dashboardSwitch?: { reset: Record<string, unknown> };
}

export type Criteria = Record<string, unknown>;

const ops = defaultOps();
const cache = new Map<string, CompiledLogic>();
function run(logic: unknown, data: unknown): boolean {
  const key = JSON.stringify(logic);
  let fn = cache.get(key);
  if (!fn) cache.set(key, (fn = compileLogic(logic, ops)));
  return truthy(fn(data, emptyContext()));
}

/**
 * One edit of the search form: sets the field, applies the exclusions of the toggled field (e.g.
 * "by id clears the others"), empties the query when the searched field changes (unless the rule
 * says not to), and runs the field's change checks (e.g. the 255-character panelist limit, which
 * clears the field and returns the message).
 */
export function applySearchEdit(rules: SearchRuleFile, prev: Criteria, field: string, value: unknown): { next: Criteria; message: string | null } {
  let next: Criteria = { ...prev, [field]: value };
  for (const r of rules.onToggle) if (r.field === field && run(r.when, { prev, next })) next = { ...next, ...r.set };
  if (rules.clearQuery.fields.includes(field) && run(rules.clearQuery.when, { prev, next })) next = { ...next, query: '' };
  let message: string | null = null;
  for (const c of rules.checks) {
    if (c.on !== 'change' || c.field !== field || !run(c.when, next)) continue;
    message ??= c.message;
    if (c.clear) next = { ...next, [c.clear]: '' };
  }
  return { next, message };
}

/** The first failing search check's message (e.g. search needs a filter, 000 §5), or null. */
export function checkSearch(rules: SearchRuleFile, criteria: Criteria): string | null {
  for (const c of rules.checks) if (c.on === 'search' && run(c.when, criteria)) return c.message;
  return null;
}
