import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import type { MetadataModel } from '../model/MetadataModel';
import { splitPath } from '../model/paths';
import { normalizeRef } from '../model/refs';
import { deref, resolveSchemaPath } from '../model/resolveSchemaPath';
import type { CodeTable } from '../types';
import type { VarScope } from './checkVars';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The code tables an expression's values come from; `multi` when it yields a list of codes. */
export interface CodeType {
  tables: CodeTable[];
  multi: boolean;
}

/** Where the typing of vars starts: the rule's scope plus the code table an options filter ranges over. */
export interface TypeScope {
  vars: VarScope;
  optionTable?: CodeTable;
}

function tablesNamed(refs: unknown, model: MetadataModel): CodeTable[] {
  const list = Array.isArray(refs) ? refs : [refs];
  return list.flatMap((r) => (typeof r === 'string' && model.codeTables.has(normalizeRef(r)) ? [model.codeTables.get(normalizeRef(r))!] : []));
}

/**
 * The code type of a schema: a code table (`$ref`), a list of codes (`items.$ref`), or a field
 * annotated `x-codes` (ids drawn from several tables, e.g. a sector chain's ids).
 */
export function codeTypeOfSchema(schema: Obj | undefined, model: MetadataModel): CodeType | null {
  if (!schema) return null;
  if (schema['x-codes'] !== undefined) {
    const tables = tablesNamed(schema['x-codes'], model);
    return tables.length ? { tables, multi: false } : null;
  }
  const single = typeof schema.$id === 'string' ? model.codeTables.get(normalizeRef(schema.$id)) : undefined;
  if (single) return { tables: [single], multi: false };
  if (isObj(schema.items)) {
    const item = codeTypeOfSchema(deref(schema.items, model), model);
    if (item && !item.multi) return { tables: item.tables, multi: true };
  }
  return null;
}

/** The schema a var names in this scope, or undefined when it is not a document field. */
export function schemaOfVar(name: string, scope: VarScope, model: MetadataModel): Obj | undefined {
  let segs = splitPath(name);
  if (segs[0] === '$doc' && (scope.kind === 'root' || (scope.kind === 'item' && scope.rootOfItemRule))) return segs.length > 1 ? resolveSchemaPath(model.rootSchema, segs.slice(1), model) : undefined;
  if (scope.kind === 'reduce') {
    if (segs[0] !== 'current' || !scope.schema) return undefined;
    return resolveSchemaPath(scope.schema, segs.slice(1), model);
  }
  if (scope.kind === 'item') return scope.schema && !segs[0]?.startsWith('$') ? resolveSchemaPath(scope.schema, segs, model) : undefined;
  if (segs[0] === '$prev') segs = segs.slice(1);
  else if (scope.options) {
    if (segs[0] !== 'doc') return undefined;
    segs = segs.slice(1);
  } else if (segs[0]?.startsWith('$')) return undefined;
  return segs.length ? resolveSchemaPath(model.rootSchema, segs, model) : undefined;
}

/** A chain field (list of lists of `{id}`): the code type of its ids. */
function chainIds(logic: unknown, scope: TypeScope, model: MetadataModel): CodeType | null {
  if (!isLogic(logic) || operatorOf(logic) !== 'var') return null;
  const name = argsOf(logic)[0];
  if (typeof name !== 'string') return null;
  const s = schemaOfVar(name, scope.vars, model);
  return s ? codeTypeOfSchema(resolveSchemaPath(s, ['*', '*', 'id'], model), model) : null;
}

/** The code type of an expression: a coded var, `option.const`, `pluck` of a coded item field, chain ids. */
export function codeTypeOf(logic: unknown, scope: TypeScope, model: MetadataModel): CodeType | null {
  if (!isLogic(logic)) return null;
  const op = operatorOf(logic);
  const args = argsOf(logic);
  if (op === 'var') {
    const name = args[0];
    if (typeof name !== 'string') return null;
    if (scope.vars.kind === 'root' && scope.vars.options && name === 'option.const') return scope.optionTable ? { tables: [scope.optionTable], multi: false } : null;
    return codeTypeOfSchema(schemaOfVar(name, scope.vars, model), model);
  }
  if (op === 'pluck' && typeof args[1] === 'string' && isLogic(args[0]) && operatorOf(args[0]) === 'var') {
    const list = argsOf(args[0])[0];
    if (typeof list !== 'string') return null;
    const s = schemaOfVar(list, scope.vars, model);
    const t = s ? codeTypeOfSchema(resolveSchemaPath(s, ['*', args[1]], model), model) : null;
    return t && !t.multi ? { tables: t.tables, multi: true } : null;
  }
  if (op === 'chain_ids' || op === 'chain_roots') {
    const t = chainIds(args[0], scope, model);
    if (!t) return null;
    return { tables: op === 'chain_roots' ? t.tables.slice(0, 1) : t.tables, multi: true };
  }
  return null;
}

/**
 * A chain operation's literal id list (argument 1) and the tables each id must be in: the chain's
 * level-1 table (the first `x-codes` table) where the operation matches roots, any of them elsewhere;
 * `chain_has` matches a chain's start, so its first id is a root.
 */
export function chainIdTables(op: string, args: unknown[], scope: TypeScope, model: MetadataModel): ((index: number) => CodeTable[]) | null {
  if (!['chain_any', 'chain_has', 'chain_lasts', 'only_roots'].includes(op)) return null;
  const t = chainIds(args[0], scope, model);
  if (!t) return null;
  const roots = t.tables.slice(0, 1);
  if (op === 'only_roots' || op === 'chain_lasts' || (op === 'chain_any' && args[2] === 1)) return () => roots;
  if (op === 'chain_has') return (i) => (i === 0 ? roots : t.tables);
  return () => t.tables;
}
