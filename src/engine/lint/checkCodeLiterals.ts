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

/** Where a literal meets a coded value: the literal, the tables it must come from, its location. */
export type CodeLiteralVisit = (value: unknown, tables: CodeTable[], segs: Seg[]) => void;

/** The table's entry whose `x-key` is this key, when the key names one code (several tables: the same code). */
export function codeOfKey(key: unknown, tables: CodeTable[]): string | number | undefined {
  if (typeof key !== 'string' || key === '') return undefined;
  let found: string | number | undefined;
  for (const t of tables) {
    for (const e of t.entries) {
      if (e['x-key'] !== key) continue;
      if (found !== undefined && found !== e.const) return undefined;
      found = e.const;
    }
  }
  return found;
}

/** A literal compared with a coded value must be one of its codes (keys are resolved before lint sees them). */
function checkLiteral(value: unknown, tables: CodeTable[], segs: Seg[], out: VarProblem[], model: MetadataModel) {
  if (!isLiteral(value) || !tables.length) return;
  if (tables.some((t) => t.byValue.has(value) || isStray(t, value, model))) return;
  const keyed = typeof value === 'string' && tables.some((t) => t.type === 'integer' && t.entries.some((e) => typeof e['x-key'] === 'string'));
  out.push({ segs, message: `${JSON.stringify(value)} is not a ${keyed ? 'code or key' : 'code'} of ${tableNames(tables)}` });
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
  visitCodeLiterals(logic, scope, model, at, (value, tables, segs) => checkLiteral(value, tables, segs, out, model));
  return out;
}

/** Calls `visit` on every literal the logic compares with a coded value, with the tables it must come from. */
export function visitCodeLiterals(logic: unknown, scope: TypeScope, model: MetadataModel, at: Seg[], visit: CodeLiteralVisit): void {
  if (Array.isArray(logic)) {
    logic.forEach((l, i) => visitCodeLiterals(l, scope, model, [...at, i], visit));
    return;
  }
  if (!isLogic(logic)) return;
  const op = operatorOf(logic);
  const raw = logic[op];
  const args = argsOf(logic);
  const argAt = (i: number): Seg[] => (Array.isArray(raw) ? [...at, op, i] : [...at, op]);
  const type = (i: number): CodeType | null => codeTypeOf(args[i], scope, model);

  if (['==', '===', '!=', '!=='].includes(op)) {
    for (const [a, b] of [[0, 1], [1, 0]] as const) {
      const t = type(a);
      if (t && !t.multi) visit(args[b], t.tables, argAt(b));
    }
  } else if (op === 'in') {
    const left = type(0);
    const right = type(1);
    if (left && !left.multi) visitList(args[1], left.tables, argAt(1), visit);
    if (right?.multi) visit(args[0], right.tables, argAt(0));
  } else if (op === 'intersects') {
    for (const [a, b] of [[0, 1], [1, 0]] as const) {
      const t = type(a);
      if (t) visitList(args[b], t.tables, argAt(b), visit);
    }
  } else {
    const chain = chainIdTables(op, args, scope, model);
    if (chain && Array.isArray(args[1])) args[1].forEach((v, i) => visit(v, chain(i), [...argAt(1), i]));
  }

  if (scopedOps.has(op)) {
    visitCodeLiterals(args[0], scope, model, argAt(0), visit);
    visitCodeLiterals(args[1], innerScope(op, args[0], scope, model), model, argAt(1), visit);
    if (op === 'reduce' && args.length > 2) visitCodeLiterals(args[2], scope, model, argAt(2), visit);
    return;
  }
  if (op !== 'var') args.forEach((a, i) => visitCodeLiterals(a, scope, model, argAt(i), visit));
}

function visitList(list: unknown, tables: CodeTable[], segs: Seg[], visit: CodeLiteralVisit) {
  if (Array.isArray(list)) list.forEach((v, i) => visit(v, tables, [...segs, i]));
}
