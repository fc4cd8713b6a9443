import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { scopedOps } from '../logic/standardOps';
import type { MetadataModel } from '../model/MetadataModel';
import { splitPath } from '../model/paths';
import { resolveSchemaPath } from '../model/resolveSchemaPath';

type Obj = Record<string, unknown>;

/** Where a var is read from. */
export type VarScope =
  | { kind: 'root'; options: boolean }
  /** The data is one array item (item rules, and logic inside map/filter/...); null schema: unknown, not checked. */
  | { kind: 'item'; schema: Obj | null; rootOfItemRule?: boolean }
  | { kind: 'reduce'; schema: Obj | null };

export interface VarProblem {
  segs: Array<string | number>;
  message: string;
}

const contextNames = new Set(['$now', '$action']);

function checkName(name: string, scope: VarScope, model: MetadataModel): string | null {
  const segs = splitPath(name);
  const root = model.rootSchema;
  if (segs[0] === '$doc' && (scope.kind === 'root' || (scope.kind === 'item' && scope.rootOfItemRule))) {
    return segs.length === 1 || resolveSchemaPath(root, segs.slice(1), model) ? null : `unknown field "${segs.slice(1).join('.')}" in $doc`;
  }
  if (scope.kind === 'reduce') {
    if (segs[0].startsWith('$')) return `"${name}" is not visible inside reduce (var reads current/accumulator there)`;
    if (segs[0] === 'accumulator') return null;
    if (segs[0] !== 'current') return `unknown name "${name}" in reduce (use current.* or accumulator)`;
    if (!scope.schema || segs.length === 1) return null;
    return resolveSchemaPath(scope.schema, segs.slice(1), model) ? null : `unknown item field "${name}"`;
  }
  if (scope.kind === 'item') {
    if (segs[0].startsWith('$') && !scope.rootOfItemRule) {
      return `"${name}" is not visible inside map/filter/some/all/none (var reads the current item there); compare outside, e.g. date_max of pluck`;
    }
    if (contextNames.has(segs[0])) return null;
    if (!scope.schema) return null;
    return resolveSchemaPath(scope.schema, segs, model) ? null : `unknown item field "${name}"`;
  }
  if (contextNames.has(name)) return null;
  if (segs[0] === '$prev') {
    if (segs.length === 1) return null;
    return resolveSchemaPath(root, segs.slice(1), model) ? null : `unknown field "${segs.slice(1).join('.')}" in $prev`;
  }
  if (segs[0] === '$options') {
    const f = model.fieldByPath.get(segs.slice(1).join('.'));
    return f?.codeTable ? null : `"$options.${segs.slice(1).join('.')}" names no field with a code table`;
  }
  if (scope.options) {
    if (segs[0] === 'option') return null;
    if (segs[0] !== 'doc') return `an options filter reads option.* or doc.*, not "${name}"`;
    if (segs.length === 1) return null;
    return resolveSchemaPath(root, segs.slice(1), model) ? null : `unknown field "${segs.slice(1).join('.')}"`;
  }
  return resolveSchemaPath(root, segs, model) ? null : `unknown field "${name}"`;
}

/** The schema of what a collection expression yields items of, when it is a plain var. */
function itemSchemaOf(logic: unknown, scope: VarScope, model: MetadataModel): Obj | null {
  if (!isLogic(logic)) return null;
  const op = operatorOf(logic);
  if (op === 'filter') return itemSchemaOf(argsOf(logic)[0], scope, model);
  if (op !== 'var') return null;
  const name = argsOf(logic)[0];
  if (typeof name !== 'string') return null;
  let segs = splitPath(name);
  let base: Obj | null = model.rootSchema;
  if (scope.kind === 'root') {
    if (segs[0] === '$prev') segs = segs.slice(1);
    else if (scope.options) {
      if (segs[0] !== 'doc') return null;
      segs = segs.slice(1);
    }
  } else if (scope.kind === 'reduce') {
    if (segs[0] !== 'current') return null;
    segs = segs.slice(1);
    base = scope.schema;
  } else base = scope.schema;
  if (!base) return null;
  const s = resolveSchemaPath(base, [...segs, '*'], model);
  return s && Object.keys(s).length ? s : null;
}

/** Every var (and `missing` key) that names nothing in the composed product schema. */
export function checkVars(logic: unknown, scope: VarScope, model: MetadataModel, at: Array<string | number>, out: VarProblem[] = []): VarProblem[] {
  if (Array.isArray(logic)) {
    logic.forEach((l, i) => checkVars(l, scope, model, [...at, i], out));
    return out;
  }
  if (!isLogic(logic)) return out;
  const op = operatorOf(logic);
  const raw = logic[op];
  const args = argsOf(logic);
  const argAt = (i: number) => (Array.isArray(raw) ? [...at, op, i] : [...at, op]);
  if (op === 'var') {
    const name = args[0];
    if (typeof name === 'string' || typeof name === 'number') {
      if (name !== '') {
        const problem = checkName(String(name), scope, model);
        if (problem) out.push({ segs: argAt(0), message: problem });
      }
    } else checkVars(name, scope, model, argAt(0), out);
    return out;
  }
  if (op === 'missing' || op === 'missing_some') {
    const keys = op === 'missing' ? (Array.isArray(args[0]) ? args[0] : args) : Array.isArray(args[1]) ? args[1] : [];
    keys.forEach((k, i) => {
      if (typeof k !== 'string') return;
      const problem = checkName(k, scope, model);
      if (problem) out.push({ segs: op === 'missing' && !Array.isArray(args[0]) ? argAt(i) : [...argAt(op === 'missing' ? 0 : 1), i], message: problem });
    });
    return out;
  }
  if (scopedOps.has(op)) {
    checkVars(args[0], scope, model, argAt(0), out);
    const schema = itemSchemaOf(args[0], scope, model);
    checkVars(args[1], op === 'reduce' ? { kind: 'reduce', schema } : { kind: 'item', schema }, model, argAt(1), out);
    if (op === 'reduce' && args.length > 2) checkVars(args[2], scope, model, argAt(2), out);
    return out;
  }
  args.forEach((a, i) => checkVars(a, scope, model, argAt(i), out));
  return out;
}
