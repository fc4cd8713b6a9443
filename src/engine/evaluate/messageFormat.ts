import { codeTypeOfSchema, schemaOfVar } from '../lint/codeTypeOf';
import type { MetadataModel } from '../model/MetadataModel';
import { ruleTypeScope } from '../model/resolveCodeKeys';
import type { CodeTable, LocatedRule } from '../types';

const titleOf = (tables: CodeTable[], v: unknown): string => {
  for (const t of tables) {
    const e = t.byValue.get(v);
    if (e) return e.title;
  }
  return v === null || v === undefined ? '' : String(v);
};

/**
 * How a rule's message writes its placeholders: a placeholder naming a coded field (or a list of
 * codes) shows the codes' titles, `{state_province}` as "California, Florida". Undefined when no
 * placeholder is coded.
 */
export function messageFormat(rule: LocatedRule, model: MetadataModel): ((path: string, value: unknown) => string | undefined) | undefined {
  if (typeof rule.message !== 'string' || !rule.message.includes('{')) return undefined;
  const scope = ruleTypeScope(rule, model);
  const tables = new Map<string, CodeTable[]>();
  for (const m of rule.message.matchAll(/\{([$\w.]+)\}/g)) {
    const name = m[1];
    const schema = schemaOfVar(name, scope.vars, model) ?? (scope.vars.kind === 'item' ? schemaOfVar(name, { kind: 'root', options: false }, model) : undefined);
    const type = codeTypeOfSchema(schema, model);
    if (type) tables.set(name, type.tables);
  }
  if (!tables.size) return undefined;
  return (path, value) => {
    const t = tables.get(path);
    if (!t) return undefined;
    return Array.isArray(value) ? value.map((v) => titleOf(t, v)).join(', ') : titleOf(t, value);
  };
}
