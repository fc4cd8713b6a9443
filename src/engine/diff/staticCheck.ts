import { deriveReads } from '../evaluate/derivePhase';
import type { Engine } from '../evaluate/Engine';
import type { EvalContext } from '../logic/EvalContext';
import { truthy } from '../logic/truthy';
import { getIn, pathsOverlap } from '../model/paths';
import { isEmptyValue } from '../ops/listOps';
import type { CompiledRule } from '../types';
import { canonicalJson } from './canonicalJson';
import type { MetadataChange } from './MetadataChange';

/**
 * A rule whose results inside an evaluation equal its results on the derived document (derived
 * values applied, before any rule runs): it reads no `$options` (narrowed by options rules) or
 * `$action`, and no field a save may empty while hidden (`clear`: the rules reading it run again).
 */
function safeOnDerivedDocument(r: CompiledRule, clearFields: string[][]): boolean {
  if (!r.deps) return false;
  const text = JSON.stringify([r.when, r.valid, r.value, r.filter]);
  if (text.includes('$options') || text.includes('$action')) return false;
  return r.deps.every((d) => clearFields.every((f) => !pathsOverlap(d, f)));
}

/** The rule's when and valid results on the document (per item for item rules), as a key: `-` none, `1` true, `0` false. */
function results(r: CompiledRule, doc: unknown, ctx: EvalContext): string {
  const scopes = r.targetType === 'item' ? ((v: unknown) => (Array.isArray(v) ? v : []))(getIn(doc, r.itemArray!)) : [doc];
  let out = '';
  for (const s of scopes) out += (r.whenFn ? (truthy(r.whenFn(s, ctx)) ? '1' : '0') : '-') + (r.validFn ? (truthy(r.validFn(s, ctx)) ? '1' : '0') : '-');
  return out;
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
  /**
   * The document paths both read: a document holding only those (the rest dropped) gets the same
   * answers, so a caller can fetch just them. Null when that is the whole document.
   */
  reads: string[][] | null;
}

/**
 * Decides, without evaluating, that a stored product cannot be affected: each changed rule is of a
 * kind whose result only matters through its own logic (visible, readonly, required, validate) and
 * gives the same results in both versions on the document as the rules see it (the derive rules,
 * unchanged, applied once). Null when the change set has anything else (then products are evaluated).
 */
export function staticCheckFor(changes: MetadataChange[], from: Engine, to: Engine): StaticCheck | null {
  const clearFields = [...from.model.fields, ...to.model.fields].filter((f) => f.hidden === 'clear').map((f) => f.segs);
  const visibility = new Map<string, CompiledRule[]>();
  // The derived document of the last product asked about: same() then blockVisible() ask about the
  // same one (impactCounter.triage), so a product is derived once.
  let lastDoc: unknown = undefined;
  let lastInputs: { data: unknown; ctx: EvalContext } | null = null;
  // What the checked rules read: only the derive rules deciding those values run.
  const reading: string[][] = [];
  const inputs = (doc: unknown) => {
    if (!lastInputs || lastDoc !== doc) {
      lastInputs = from.derive(doc, { prev: null }, reading);
      lastDoc = doc;
    }
    return lastInputs;
  };
  // What the checks read on the stored document itself.
  const raw: string[][] = [];
  const checks: Array<(doc: unknown) => boolean> = [];
  for (const c of changes) {
    if (c.subject === 'code' && c.change === 'changed' && c.details.every((d) => d.startsWith('title:'))) continue;
    if (c.subject === 'field' && c.change === 'added') {
      const segs = c.id.split('.');
      const block = to.model.fieldByPath.get(c.id)?.block;
      if (!block || segs.includes('*')) return null;
      const chain: string[] = [];
      for (let b = to.model.blockById.get(block); b; b = b.parent ? to.model.blockById.get(b.parent) : undefined) chain.push(b.id);
      const rules = to.rules.filter((r) => r.kind === 'visible' && chain.includes(r.target));
      if (!rules.every((r) => r.targetType === 'block' && safeOnDerivedDocument(r, clearFields))) return null;
      visibility.set(block, rules);
      for (const r of rules) reading.push(...r.docDeps!);
      raw.push(segs);
      checks.push((doc) => getIn(doc, segs) === undefined || isEmptyValue(getIn(doc, segs)));
      continue;
    }
    if ((c.subject !== 'rule' && c.subject !== 'message') || c.change !== 'changed') return null;
    const ra = from.rules.find((r) => r.id === c.id);
    const rb = to.rules.find((r) => r.id === c.id);
    if (!ra || !rb || ra.kind !== rb.kind || ra.target !== rb.target || !['visible', 'readonly', 'required', 'validate'].includes(ra.kind)) return null;
    if (canonicalJson(ra.actions ?? []) !== canonicalJson(rb.actions ?? [])) return null;
    if (!safeOnDerivedDocument(ra, clearFields) || !safeOnDerivedDocument(rb, clearFields)) return null;
    const messageChanged = ra.message !== rb.message;
    reading.push(...ra.docDeps!, ...rb.docDeps!);
    if (ra.targetType === 'item') reading.push(ra.itemArray!);
    if (messageChanged && ra.kind === 'required') reading.push(ra.targetSegs);
    checks.push((doc) => {
      const { data, ctx } = inputs(doc);
      return (!messageChanged || !mayFire(ra, data, ctx)) && results(ra, data, ctx) === results(rb, data, ctx);
    });
  }
  const derived = deriveReads(from.rules, reading);
  return {
    reads: derived && [...derived, ...raw],
    same: (doc) => checks.every((ch) => ch(doc)),
    blockVisible: (blockId, doc) => {
      const { data, ctx } = inputs(doc);
      return (visibility.get(blockId) ?? []).every((r) => !r.whenFn || truthy(r.whenFn(data, ctx)));
    },
  };
}
