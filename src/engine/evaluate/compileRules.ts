import { collectRootVars, type RootVars } from '../logic/collectVars';
import { compileLogic, LogicCompileError, type SharedParts } from '../logic/compileLogic';
import type { CompiledLogic } from '../logic/EvalContext';
import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { scopedOps } from '../logic/standardOps';
import type { PathReaderFactory } from '../logic/lookupVar';
import type { OpRegistry } from '../logic/OpRegistry';
import type { MetadataModel } from '../model/MetadataModel';
import { splitPath } from '../model/paths';
import { resolveSchemaPath } from '../model/resolveSchemaPath';
import { planOptionIndex } from './optionIndex';
import type { CompiledRule, LocatedRule } from '../types';

export class RuleCompileError extends Error {
  constructor(readonly file: string, readonly path: string, message: string) {
    super(`${file}:${path}: ${message}`);
  }
}

const logicKeys = ['when', 'valid', 'value', 'filter'] as const;

/** How a rule's target is found: visibility-like kinds prefer a block id, the rest a field path. */
export function resolveTarget(rule: LocatedRule, model: MetadataModel): Pick<CompiledRule, 'targetType' | 'targetSegs' | 'itemArray' | 'itemField'> | null {
  const target = String(rule.target ?? '');
  const segs = splitPath(target);
  const star = segs.indexOf('*');
  if (star > 0) {
    if (!resolveSchemaPath(model.rootSchema, segs, model)) return null;
    return { targetType: 'item', targetSegs: segs, itemArray: segs.slice(0, star), itemField: segs.slice(star + 1) };
  }
  const blockFirst = rule.kind === 'visible' || rule.kind === 'readonly' || rule.kind === 'label';
  const isBlock = model.blockById.has(target);
  const isField = model.fieldByPath.has(target) || (!!target && !!resolveSchemaPath(model.rootSchema, segs, model));
  if (isBlock && (blockFirst || !model.fieldByPath.has(target))) return { targetType: 'block', targetSegs: segs };
  if (isField) return { targetType: 'field', targetSegs: segs };
  return null;
}

/** Compiles every rule's json-logic once and works out what it reads. */
export function compileRules(model: MetadataModel, ops: OpRegistry, readers?: PathReaderFactory): CompiledRule[] {
  const targets = model.rules.map((r) => resolveTarget(r, model));
  const varsOf = rootVarsOnce();
  const optionInvariant = (logic: unknown) => readsNoOption(varsOf(logic));
  // Expensive sub-expressions written in several document-level rules are computed once per run.
  const counts = new Map<string, number>();
  const keys = new WeakMap<object, string>();
  model.rules.forEach((r, i) => {
    if (r.kind === 'options' || targets[i]?.targetType === 'item') return;
    for (const key of logicKeys) if (r[key] !== undefined) countShareable(r[key], ops, counts, varsOf, keys);
  });
  // Only what was counted can be shared: compiling looks its key up by object, not by JSON again.
  const shared: SharedParts = {
    keys: new Set([...counts].filter(([, n]) => n > 1).map(([k]) => k)),
    cache: new Map<string, CompiledLogic>(),
    keyOf: (l) => (typeof l === 'object' && l !== null ? keys.get(l) : undefined),
  };
  const optionMemo = new Map<string, CompiledLogic>();
  const rules: CompiledRule[] = model.rules.map((r, index) => {
    const target = targets[index] ?? { targetType: 'field' as const, targetSegs: splitPath(String(r.target ?? '')) };
    const c: CompiledRule = { ...r, index, ...target, deps: [], docDeps: [] };
    const names: string[] = [];
    let dynamic = false;
    for (const key of logicKeys) {
      if (r[key] === undefined) continue;
      try {
        const fn = compileLogic(r[key], ops, false, key === 'filter' ? { memoize: optionInvariant, memoCache: optionMemo, readers } : target.targetType === 'item' ? { readers } : { shared, readers });
        if (key === 'filter') c.filterIndex = planOptionIndex(r.filter, model.fieldByPath.get(r.target)?.codeTable?.entries ?? [], ops, { memoize: optionInvariant, memoCache: optionMemo, readers });
        if (key === 'when') c.whenFn = fn;
        else if (key === 'valid') c.validFn = fn;
        else if (key === 'value') c.valueFn = fn;
        else c.filterFn = fn;
      } catch (e) {
        if (e instanceof LogicCompileError) throw new RuleCompileError(r.file, `${r.jsonPath}.${key}`, e.message);
        throw e;
      }
      const v = varsOf(r[key]);
      names.push(...v.names);
      dynamic ||= v.dynamic;
    }
    const read = dynamic ? null : depsOf(names, r.kind === 'options', c.targetType === 'item' ? c.itemArray : undefined);
    c.deps = read?.deps ?? null;
    c.docDeps = read?.docDeps ?? null;
    if (r.kind === 'options') {
      const cacheable = !dynamic && names.every((n) => n.startsWith('option') || n.startsWith('doc') || n === '$now' || n === '$action' || n === '$doc' || n.startsWith('$doc.'));
      c.optionsKey = cacheable ? c.deps : null;
    }
    return c;
  });
  // A rule reading `$options.F` depends on whatever F's options rules read.
  for (const r of rules) {
    if (!r.deps) continue;
    const extra: string[][] = [];
    const extraDoc: string[][] = [];
    let dynamic = false;
    for (const d of r.deps) {
      if (d[0] !== '$options') continue;
      const field = d.slice(1).join('.');
      for (const o of rules) {
        if (o.kind !== 'options' || o.target !== field) continue;
        if (o.deps === null || o.docDeps === null) dynamic = true;
        else {
          extra.push(...o.deps);
          extraDoc.push(...o.docDeps);
        }
      }
    }
    if (dynamic) {
      r.deps = null;
      r.docDeps = null;
      continue;
    }
    r.deps = [...r.deps.filter((d) => d[0] !== '$options'), ...extra];
    r.docDeps = [...r.docDeps!.filter((d) => d[0] !== '$options'), ...extraDoc];
  }
  return rules;
}

/**
 * collectRootVars, once per logic object: compiling asks it of the same sub-expressions many times
 * (every level of countShareable, every option filter's memoize test, each rule), which made it
 * quadratic in a rule's depth (a browser engine's start, issue 31 item 7). The rules' logic is never
 * changed once composed, and callers only read the answer.
 */
function rootVarsOnce(): (logic: unknown) => RootVars {
  const known = new WeakMap<object, RootVars>();
  return (logic) => {
    if (typeof logic !== 'object' || logic === null) return collectRootVars(logic);
    let v = known.get(logic);
    if (!v) known.set(logic, (v = collectRootVars(logic)));
    return v;
  };
}

/** Counts root-scope sub-expressions that call a custom or per-item operation (worth sharing). */
function countShareable(logic: unknown, ops: OpRegistry, counts: Map<string, number>, varsOf: (logic: unknown) => RootVars, keys: WeakMap<object, string>): boolean {
  if (Array.isArray(logic)) {
    let any = false;
    for (const l of logic) any = countShareable(l, ops, counts, varsOf, keys) || any;
    return any;
  }
  if (!isLogic(logic)) return false;
  const op = operatorOf(logic);
  if (op === 'var') return false;
  const args = argsOf(logic);
  let expensive = ops.has(op) || scopedOps.has(op);
  expensive = countShareable(scopedOps.has(op) ? [args[0], args[2]] : args, ops, counts, varsOf, keys) || expensive;
  const names = varsOf(logic);
  if (expensive && !names.dynamic && !names.names.some((n) => n.startsWith('$options'))) {
    const key = JSON.stringify(logic);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    keys.set(logic, key);
  }
  return expensive;
}

/** A part of an options filter that does not read the option: computed once per evaluation. */
function readsNoOption(v: RootVars): boolean {
  return !v.dynamic && v.names.length > 0 && v.names.every((n) => n !== 'option' && !n.startsWith('option.'));
}

/** The document paths a rule reads: all of them (`$prev.x` as x), and those an evaluation itself can change (no `$prev`). */
function depsOf(names: string[], options: boolean, itemArray?: string[]): { deps: string[][]; docDeps: string[][] } {
  const deps: string[][] = [];
  const docDeps: string[][] = [];
  if (itemArray) {
    deps.push(itemArray);
    docDeps.push(itemArray);
  }
  for (const n of names) {
    let segs = splitPath(n);
    if (segs[0] === '$doc') {
      deps.push(segs.slice(1));
      docDeps.push(segs.slice(1));
      continue;
    }
    if (options) {
      if (segs[0] !== 'doc') continue;
      segs = segs.slice(1);
    } else if (itemArray) {
      continue; // item rules read the item: the array path covers them
    }
    if (segs[0] === '$now' || segs[0] === '$action') continue;
    if (segs[0] === '$prev') {
      // The document before the edit differs from the edited one only at the changed paths.
      deps.push(segs.slice(1));
      continue;
    }
    deps.push(segs);
    docDeps.push(segs);
  }
  return { deps, docDeps };
}
