import { codeOfKey, visitCodeLiterals } from '../lint/checkCodeLiterals';
import type { TypeScope } from '../lint/codeTypeOf';
import type { LocatedRule } from '../types';
import type { MetadataModel } from './MetadataModel';
import { splitPath } from './paths';
import { resolveSchemaPath } from './resolveSchemaPath';

type Seg = string | number;
const logicKeys = ['when', 'valid', 'value', 'filter'] as const;

/** The scope a rule's logic is typed in: its item for `list.*.field` targets, `{option, doc}` for options rules. */
export function ruleTypeScope(rule: LocatedRule, model: MetadataModel): TypeScope {
  const segs = splitPath(String(rule.target ?? ''));
  const star = segs.indexOf('*');
  if (star > 0) return { vars: { kind: 'item', schema: resolveSchemaPath(model.rootSchema, [...segs.slice(0, star), '*'], model) ?? null, rootOfItemRule: true } };
  const optionTable = rule.kind === 'options' ? model.fieldByPath.get(rule.target)?.codeTable : undefined;
  return { vars: { kind: 'root', options: rule.kind === 'options' }, optionTable };
}

/** A copy of `node` with the value at `segs` replaced (arrays and objects copied along the way only). */
function replaceAt(node: unknown, segs: Seg[], value: unknown): unknown {
  if (!segs.length) return value;
  const [head, ...rest] = segs;
  if (Array.isArray(node)) {
    const copy = node.slice();
    copy[Number(head)] = replaceAt(node[Number(head)], rest, value);
    return copy;
  }
  const obj = node as Record<string, unknown>;
  return { ...obj, [head]: replaceAt(obj[String(head)], rest, value) };
}

/**
 * Codes named by key: where a rule compares a coded value with a string that is not one of the
 * table's codes but is an entry's `x-key` (`{"chain_any": [{"var": "sectors"}, ["retail"], 1]}`),
 * the key becomes the code (266). A derive rule's literal value for a coded field too. Unknown keys
 * are left as written, so lint reports them where they are (`... is not a code or key of ...`).
 */
export function resolveCodeKeys(rule: LocatedRule, model: MetadataModel): LocatedRule {
  let out = rule;
  const scope = ruleTypeScope(rule, model);
  for (const key of logicKeys) {
    const logic = rule[key];
    if (logic === undefined) continue;
    const found: Array<[Seg[], string | number]> = [];
    visitCodeLiterals(logic, scope, model, [], (value, tables, segs) => {
      if (typeof value !== 'string' || tables.some((t) => t.byValue.has(value))) return;
      const code = codeOfKey(value, tables);
      if (code !== undefined) found.push([segs, code]);
    });
    let resolved: unknown = logic;
    for (const [segs, code] of found) resolved = replaceAt(resolved, segs, code);
    if (found.length) out = { ...out, [key]: resolved };
  }
  const table = rule.kind === 'derive' ? model.fieldByPath.get(rule.target)?.codeTable : undefined;
  if (table) {
    const one = (v: unknown): unknown => {
      if (typeof v !== 'string' || table.byValue.has(v)) return v;
      const code = codeOfKey(v, [table]);
      return code === undefined ? v : code;
    };
    const v = rule.value;
    if (typeof v === 'string') out = { ...out, value: one(v) };
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) out = { ...out, value: v.map(one) };
  }
  return out;
}
