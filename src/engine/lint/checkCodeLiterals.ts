import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { scopedOps } from '../logic/standardOps';
import type { MetadataModel } from '../model/MetadataModel';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import type { CodeTable } from '../types';
import type { VarProblem, VarScope } from './checkVars';
import { chainIdTables, codeTypeOf, schemaOfVar, type CodeType, type TypeScope } from './codeTypeOf';

type Seg = string | number;
const isLiteral = (v: unknown): v is string | number => (typeof v === 'number' || (typeof v === 'string' && v !== ''));

function tableNames(tables: CodeTable[]): string {
  return tables.map((t) => `${t.title} (${t.id})`).join(' or ');
}

/** Values a table says stored data may hold though they are not codes (`x-stray-values`, e.g. state 0). */
function isStray(table: CodeTable, value: unknown, model: MetadataModel): boolean {
  const stray = model.schemas.get(table.id)?.schema['x-stray-values'];
  return Array.isArray(stray) && stray.includes(value);
}

/** A literal compared with a coded value must be one of its codes. */
function checkLiteral(value: unknown, tables: CodeTable[], segs: Seg[], out: VarProblem[], model: MetadataModel) {
  if (!isLiteral(value) || !tables.length) return;
  if (tables.some((t) => t.byValue.has(value) || isStray(t, value, model))) return;
  out.push({ segs, message: `${JSON.stringify(value)} is not a code of ${tableNames(tables)}` });
}

function checkLiteralList(list: unknown, tables: CodeTable[], segs: Seg[], out: VarProblem[], model: MetadataModel) {
  if (Array.isArray(list)) list.forEach((v, i) => checkLiteral(v, tables, [...segs, i], out, model));
}

/** The item scope of a scoped operation's second argument, as checkVars computes it. */
function innerScope(op: string, list: unknown, scope: TypeScope, model: MetadataModel): TypeScope {
  let schema: Record<string, unknown> | null = null;
  if (isLogic(list) && operatorOf(list) === 'var' && typeof argsOf(list)[0] === 'string') {
    const s = schemaOfVar(argsOf(list)[0] as string, scope.vars, model);
    schema = (s && resolveSchemaPath(s, ['*'], model)) || null;
  }
  const vars: VarScope = op === 'reduce' ? { kind: 'reduce', schema } : { kind: 'item', schema };
  return { vars };
}

/**
 * Every literal compared with a coded field (`==`, `!=`, `in`, `intersects`, the chain operations)
 * that is not in the field's code table, e.g. `{"in": [{"var": "audience"}, [1, 3]]}` when the
 * audience table has no 3.
 */
export function checkCodeLiterals(logic: unknown, scope: TypeScope, model: MetadataModel, at: Seg[], out: VarProblem[] = []): VarProblem[] {
  if (Array.isArray(logic)) {
    logic.forEach((l, i) => checkCodeLiterals(l, scope, model, [...at, i], out));
    return out;
  }
  if (!isLogic(logic)) return out;
  const op = operatorOf(logic);
  const raw = logic[op];
  const args = argsOf(logic);
  const argAt = (i: number): Seg[] => (Array.isArray(raw) ? [...at, op, i] : [...at, op]);
  const type = (i: number): CodeType | null => codeTypeOf(args[i], scope, model);

  if (['==', '===', '!=', '!=='].includes(op)) {
    for (const [a, b] of [[0, 1], [1, 0]] as const) {
      const t = type(a);
      if (t && !t.multi) checkLiteral(args[b], t.tables, argAt(b), out, model);
    }
  } else if (op === 'in') {
    const left = type(0);
    const right = type(1);
    if (left && !left.multi) checkLiteralList(args[1], left.tables, argAt(1), out, model);
    if (right?.multi) checkLiteral(args[0], right.tables, argAt(0), out, model);
  } else if (op === 'intersects') {
    for (const [a, b] of [[0, 1], [1, 0]] as const) {
      const t = type(a);
      if (t) checkLiteralList(args[b], t.tables, argAt(b), out, model);
    }
  } else {
    const chain = chainIdTables(op, args, scope, model);
    if (chain && Array.isArray(args[1])) args[1].forEach((v, i) => checkLiteral(v, chain(i), [...argAt(1), i], out, model));
  }

  if (scopedOps.has(op)) {
    checkCodeLiterals(args[0], scope, model, argAt(0), out);
    checkCodeLiterals(args[1], innerScope(op, args[0], scope, model), model, argAt(1), out);
    if (op === 'reduce' && args.length > 2) checkCodeLiterals(args[2], scope, model, argAt(2), out);
    return out;
  }
  if (op !== 'var') args.forEach((a, i) => checkCodeLiterals(a, scope, model, argAt(i), out));
  return out;
}
