import type { Engine } from '../evaluate/Engine';
import type { EvalContext } from '../logic/EvalContext';
import { argsOf, isLogic, operatorOf } from '../logic/isLogic';
import { truthy } from '../logic/truthy';
import { getIn, pathsOverlap } from '../model/paths';
import { isEmptyValue } from '../ops/listOps';
import type { CompiledRule } from '../types';
import { canonicalJson } from './canonicalJson';
import type { MetadataChange } from './MetadataChange';

const isPrevVar = (x: unknown) => {
  if (!isLogic(x) || operatorOf(x) !== 'var') return false;
  const name = argsOf(x)[0];
  return typeof name === 'string' && (name === '$prev' || name.startsWith('$prev.'));
};

/**
 * True when the logic is falsy whatever the document, given `$prev` is null (impact runs evaluate
 * stored products, never an edit): an `and` with a "previous document is set" part, and the like.
 */
export function offWithoutPrev(logic: unknown): boolean {
  if (logic === false || logic === null || logic === 0 || logic === '') return true;
  if (!isLogic(logic)) return false;
  const op = operatorOf(logic);
  const a = argsOf(logic);
  if (op === 'and') return a.some(offWithoutPrev);
  if (op === 'or') return a.length > 0 && a.every(offWithoutPrev);
  if (op === '!!') return isPrevVar(a[0]);
  if (op === '!') {
    const inner = a[0];
    return isLogic(inner) && operatorOf(inner) === 'empty' && isPrevVar(argsOf(inner)[0]);
  }
  return false;
}

/** Paths derive rules may write when no previous document is given. */
function activeDeriveTargets(engine: Engine): string[][] {
  return engine.rules.filter((r) => r.kind === 'derive' && !(r.when !== undefined && offWithoutPrev(r.when))).map((r) => r.targetSegs);
}

/**
 * A rule whose results on the stored document equal its results inside an evaluation: it reads no
 * `$options` or `$prev`, and nothing it reads is written by a derive rule that can run.
 */
function safeOnRawDocument(r: CompiledRule, derived: string[][]): boolean {
  if (!r.deps) return false;
  const text = JSON.stringify([r.when, r.valid, r.value, r.filter]);
  if (text.includes('$options') || text.includes('$prev') || text.includes('$action')) return false;
  return r.deps.every((d) => derived.every((t) => !pathsOverlap(d, t)));
}

function results(r: CompiledRule, doc: unknown, ctx: EvalContext): string {
  const scopes = r.targetType === 'item' ? ((v: unknown) => (Array.isArray(v) ? v : []))(getIn(doc, r.itemArray!)) : [doc];
  const out: unknown[] = [];
  for (const s of scopes) out.push(r.whenFn ? truthy(r.whenFn(s, ctx)) : null, r.validFn ? truthy(r.validFn(s, ctx)) : null);
  return canonicalJson(out);
}

/** The rule could report an error on this document (ignoring visibility, so "no" is certain). */
function mayFire(r: CompiledRule, doc: unknown, ctx: EvalContext): boolean {
  const scopes = r.targetType === 'item' ? ((v: unknown) => (Array.isArray(v) ? v : []))(getIn(doc, r.itemArray!)) : [doc];
  return scopes.some((s) => {
    if (r.whenFn && !truthy(r.whenFn(s, ctx))) return false;
    if (r.kind === 'validate') return !(r.validFn ? truthy(r.validFn(s, ctx)) : true);
    return isEmptyValue(getIn(s, r.targetType === 'item' ? r.itemField! : r.targetSegs));
  });
}

export interface StaticCheck {
  /** True when the new version provably decides exactly as the old one for this stored document. */
  same(doc: unknown): boolean;
  /** Visibility of a block under the new version, from the document alone (for the field-added measure). */
  blockVisible(blockId: string, doc: unknown): boolean;
}

/**
 * Decides, without evaluating, that a stored product cannot be affected: each changed rule is of a
 * kind whose result only matters through its own logic (visible, readonly, required, validate) and
 * gives the same results on the document in both versions, reading nothing a derive rule writes.
 * Null when the change set has anything else (then products are evaluated).
 */
export function staticCheckFor(changes: MetadataChange[], from: Engine, to: Engine, now: string): StaticCheck | null {
  const derived = [...activeDeriveTargets(from), ...activeDeriveTargets(to)];
  const ctx: EvalContext = { now, action: null, prev: null, optionIds: {} };
  const checks: Array<(doc: unknown) => boolean> = [];
  const visibility = new Map<string, CompiledRule[]>();
  for (const c of changes) {
    if (c.subject === 'code' && c.change === 'changed' && c.details.every((d) => d.startsWith('title:'))) continue;
    if (c.subject === 'field' && c.change === 'added') {
      const segs = c.id.split('.');
      const block = to.model.fieldByPath.get(c.id)?.block;
      if (!block || segs.includes('*')) return null;
      const chain: string[] = [];
      for (let b = to.model.blockById.get(block); b; b = b.parent ? to.model.blockById.get(b.parent) : undefined) chain.push(b.id);
      const rules = to.rules.filter((r) => r.kind === 'visible' && chain.includes(r.target));
      if (!rules.every((r) => r.targetType === 'block' && safeOnRawDocument(r, derived))) return null;
      visibility.set(block, rules);
      checks.push((doc) => getIn(doc, segs) === undefined || isEmptyValue(getIn(doc, segs)));
      continue;
    }
    if ((c.subject !== 'rule' && c.subject !== 'message') || c.change !== 'changed') return null;
    const ra = from.rules.find((r) => r.id === c.id);
    const rb = to.rules.find((r) => r.id === c.id);
    if (!ra || !rb || ra.kind !== rb.kind || ra.target !== rb.target || !['visible', 'readonly', 'required', 'validate'].includes(ra.kind)) return null;
    if (canonicalJson(ra.actions ?? []) !== canonicalJson(rb.actions ?? [])) return null;
    if (!safeOnRawDocument(ra, derived) || !safeOnRawDocument(rb, derived)) return null;
    const messageChanged = ra.message !== rb.message;
    checks.push((doc) => (!messageChanged || !mayFire(ra, doc, ctx)) && results(ra, doc, ctx) === results(rb, doc, ctx));
  }
  return {
    same: (doc) => checks.every((ch) => ch(doc)),
    blockVisible: (blockId, doc) => (visibility.get(blockId) ?? []).every((r) => !r.whenFn || truthy(r.whenFn(doc, ctx))),
  };
}
