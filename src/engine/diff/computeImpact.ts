import type { Engine } from '../evaluate/Engine';
import { truthy } from '../logic/truthy';
import { buildModel } from '../model/buildModel';
import type { MetadataModel } from '../model/MetadataModel';
import { getIn } from '../model/paths';
import type { CompiledRule, Metadata, RuleError, ViewModel } from '../types';
import { canonicalJson } from './canonicalJson';
import { collectFields } from './collectFields';
import type { ChangeImpact, ImpactCounts, ImpactReport, LostProduct, ProductInput, SectorImpact } from './ImpactReport';
import type { MetadataChange } from './MetadataChange';
import type { ProductAssessment, ProductTally } from './ProductAssessment';
import { reviewEngine, type ReviewEngine } from './reviewEngine';
import { ruleOutcome } from './ruleOutcome';
import { staticCheckFor, type StaticCheck } from './staticCheck';

export interface ImpactOptions {
  /** Today for date rules (`$now`), `YYYY-MM-DD`; default the engine's (system date). */
  now?: string;
  /** Example product ids kept per count (default 5). */
  examples?: number;
  /**
   * Products listed in approvableLost and saveBroken (default LOST_LISTED): their totals count every
   * one, so memory does not grow with a change that touches most of a large catalogue.
   */
  listed?: number;
  /** Clock in ms for `seconds` (performance.now); injected so the engine stays platform-free. */
  clock?: () => number;
  /**
   * Evaluate every product under both versions even when the changed rules decide the same for it
   * (slower; the shortcut is proven equal to this by tests).
   */
  exhaustive?: boolean;
  /** Compile both versions to generated code (`new Function`), where the caller's host allows it (server, CLI). */
  codeGeneration?: boolean;
}

/** Impact counted one product at a time, so a caller can stream products from storage. */
export interface ImpactCounter {
  add(product: ProductInput): void;
  /**
   * The document paths that decide whether a product is provably unaffected (and count it then):
   * a caller may fetch only those, then the whole document of the products `triage` does not clear.
   * Null when every product needs its whole document.
   */
  readonly reads: string[][] | null;
  /**
   * A product (its document holding at least `reads`) provably the same under both versions, told
   * without evaluating it: what it adds to the report, for `recordUnaffected`; null when it must be
   * evaluated (`assess`, on its whole document). `add` triages and counts in one.
   */
  triage(doc: unknown): ProductTally | null;
  /** Counts a product `triage` cleared. */
  recordUnaffected(id: string, tally: ProductTally): void;
  /**
   * Evaluates a product `triage` did not clear (its whole document) without counting it: another
   * counter built from the same arguments (a worker thread's) may assess, this one `record`.
   */
  assess(doc: unknown): ProductAssessment;
  /** Counts an assessed product; products are counted in the order recorded. */
  record(id: string, assessment: ProductAssessment): void;
  /** The report of the products added so far. */
  report(): ImpactReport;
}

/** A product evaluated under one version. */
interface Outcome {
  vm: ViewModel;
  save: RuleError[];
  approve: RuleError[];
  visible: string;
  saveKey: string;
  approveKey: string;
  derivedKey: string;
}

/** The products a report lists per lost kind unless told otherwise. */
export const LOST_LISTED = 1000;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const errKey = (errs: RuleError[]) => errs.map((e) => `${e.rule}\u0001${e.field}\u0001${e.message}`).join('\u0002');

function outcomeOf(r: ReviewEngine, doc: unknown): Outcome {
  const { vm, errors } = r.check(doc);
  const save = errors.save;
  const approve = errors.approve;
  const derivedKeys = Object.keys(vm.derived);
  return {
    vm, save, approve,
    visible: vm.visible.join(','),
    saveKey: errKey(save),
    approveKey: errKey(approve),
    derivedKey: derivedKeys.length ? canonicalJson(vm.derived) : '',
  };
}

const emptyCounts = (): ImpactCounts => ({ products: 0, changed: 0, visible: 0, saveErrors: 0, approveErrors: 0, derived: 0, examples: [] });

/** Values at a path with `*` over list items; list values (multi-selects) are spread. */
function valuesAt(doc: unknown, segs: string[], i = 0, out: unknown[] = []): unknown[] {
  if (i === segs.length) {
    if (Array.isArray(doc)) out.push(...doc);
    else if (doc !== undefined && doc !== null && doc !== '') out.push(doc);
    return out;
  }
  if (segs[i] === '*') {
    if (Array.isArray(doc)) for (const item of doc) valuesAt(item, segs, i + 1, out);
    return out;
  }
  if (!isObj(doc)) return out;
  return valuesAt(doc[segs[i]], segs, i + 1, out);
}

/** The sector chains of a product (its root sector groups the report). */
const SECTORS = 'sectors';

function rootSector(doc: unknown): string {
  const chains = isObj(doc) ? doc[SECTORS] : undefined;
  const first = Array.isArray(chains) && Array.isArray(chains[0]) ? chains[0][0] : undefined;
  const id = isObj(first) ? first.id : undefined;
  return id === undefined || id === null ? 'none' : String(id);
}

/**
 * Whether a product counts for a change, given both outcomes (`same`: the new version decides
 * identically). Outcomes are null when the product was decided without evaluating (staticCheck).
 */
type Probe = (doc: unknown, a: Outcome | null, b: Outcome | null, same: boolean) => boolean;

/** A change's measure; `reads`: the document paths its probe reads when both outcomes are null (besides the static check's). */
interface ProbeOf {
  probe: Probe | null;
  measure: string;
  reads: string[][];
}

function probeFor(c: MetadataChange, from: Engine, to: Engine, statics: StaticCheck | null): ProbeOf {
  if (c.subject === 'rule' || c.subject === 'message') {
    const ra = from.rules.find((r) => r.id === c.id);
    const rb = to.rules.find((r) => r.id === c.id);
    const out = (e: Engine, r: CompiledRule | undefined, o: Outcome | null) => (r && o ? ruleOutcome(e, r, o.vm, o.save, o.approve) : null);
    if (c.change === 'added') return { measure: 'products the new rule acts on', reads: [], probe: (_d, _a, b) => out(to, rb, b)?.fires === true };
    if (c.change === 'removed') return { measure: 'products the removed rule acted on', reads: [], probe: (_d, a) => out(from, ra, a)?.fires === true };
    return { measure: 'products whose result under this rule differs', reads: [], probe: (_d, a, b, same) => !same && out(from, ra, a)?.key !== out(to, rb, b)?.key };
  }
  if (c.subject === 'code') {
    const i = c.id.lastIndexOf('#');
    const table = c.id.slice(0, i);
    const code = c.id.slice(i + 1);
    const patterns = [...new Set([...collectFields(from.model).values(), ...collectFields(to.model).values()].filter((f) => f.table === table).map((f) => f.path))].map((p) => p.split('.'));
    const sectorTable = /sector|categor/i.test(table);
    return {
      measure: 'products holding this code',
      reads: sectorTable ? [...patterns, [SECTORS]] : patterns,
      probe: (doc) => (sectorTable && chainHas(doc, code)) || patterns.some((segs) => valuesAt(doc, segs).some((v) => String(v) === code)),
    };
  }
  if (c.subject === 'field') {
    const segs = c.id.split('.');
    if (c.change === 'added') {
      const star = segs.indexOf('*');
      const owner = star >= 0 ? segs.slice(0, star).join('.') : c.id;
      const block = collectFields(to.model).get(c.id)?.block ?? '';
      // When the new version was not evaluated (same outcome), the field shows exactly when its block does.
      return {
        measure: 'products that show the new field',
        reads: [],
        probe: (doc, _a, b) => (!b ? !!statics && statics.blockVisible(block, doc) : b.vm.fields[owner] ? b.vm.fields[owner].visible : b.vm.blocks[block]?.visible === true),
      };
    }
    return { measure: 'products with a value in this field', reads: [segs], probe: (doc) => valuesAt(doc, segs).length > 0 };
  }
  if (c.subject === 'block' || c.subject === 'sub-form') {
    return { measure: 'products showing this block in either version', reads: [], probe: (_d, a, b) => a?.vm.blocks[c.id]?.visible === true || b?.vm.blocks[c.id]?.visible === true };
  }
  return { measure: 'not measured per product', reads: [], probe: null };
}

function chainHas(doc: unknown, code: string): boolean {
  const chains = isObj(doc) ? doc[SECTORS] : undefined;
  if (!Array.isArray(chains)) return false;
  return chains.some((ch) => Array.isArray(ch) && ch.some((lvl) => isObj(lvl) && String(lvl.id) === code));
}

/**
 * When the new version cannot decide differently from the old one for a product, its evaluation is
 * skipped. That holds when every difference is a changed rule whose logic gives the same results on
 * the inputs the old version saw (and, for a reworded message, the rule did not fire), plus changes
 * that cannot move an outcome (a code retitled, a field added that the product holds no value in).
 * Anything else (rules added or removed, derive rules, labels, schema changes) evaluates both.
 */
function shortcutFor(changes: MetadataChange[], from: Engine, to: Engine): ((doc: unknown, a: Outcome) => boolean) | null {
  const checks: Array<(doc: unknown, a: Outcome) => boolean> = [];
  for (const c of changes) {
    if (c.subject === 'code' && c.change === 'changed' && c.details.every((d) => d.startsWith('title:'))) continue;
    // Screens' and routes' texts and other features' files: no product outcome reads them.
    if (c.subject === 'text' || c.subject === 'file') continue;
    if (c.subject === 'field' && c.change === 'added') {
      const segs = c.id.split('.');
      checks.push((doc) => valuesAt(doc, segs).length === 0);
      continue;
    }
    if ((c.subject !== 'rule' && c.subject !== 'message') || c.change !== 'changed') return null;
    const ra = from.rules.find((r) => r.id === c.id);
    const rb = to.rules.find((r) => r.id === c.id);
    if (!ra || !rb || ra.kind !== rb.kind || ra.target !== rb.target || ra.kind === 'derive' || ra.kind === 'label') return null;
    if (canonicalJson(ra.actions ?? []) !== canonicalJson(rb.actions ?? [])) return null;
    const messageChanged = ra.message !== rb.message;
    checks.push((_doc, a) => {
      const inputs = from.inputsOf(a.vm);
      if (!inputs) return false;
      if (messageChanged && (a.save.some((e) => e.rule === ra.id) || a.approve.some((e) => e.rule === ra.id))) return false;
      return logicResults(ra, from, inputs.data, inputs.ctx) === logicResults(rb, to, inputs.data, inputs.ctx);
    });
  }
  return (doc, a) => checks.every((ch) => ch(doc, a));
}

/** Every logic part of a rule evaluated on one input (per item for item rules, per option for filters). */
function logicResults(r: CompiledRule, engine: Engine, data: unknown, ctx: Parameters<NonNullable<CompiledRule['whenFn']>>[1]): string {
  const parts: unknown[] = [];
  const scopes = r.targetType === 'item' ? ((v) => (Array.isArray(v) ? v : []))(getIn(data, r.itemArray!)) : [data];
  for (const scope of scopes) {
    parts.push(r.whenFn ? truthy(r.whenFn(scope, ctx)) : null, r.validFn ? truthy(r.validFn(scope, ctx)) : null);
  }
  if (r.filterFn) {
    const entries = engine.model.fieldByPath.get(r.target)?.codeTable?.entries ?? [];
    parts.push(entries.filter((e) => truthy(r.filterFn!({ option: e, doc: data }, ctx))).map((e) => e.const));
  }
  return canonicalJson(parts);
}

function addTo(counts: ImpactCounts, id: string, diff: { visible: boolean; save: boolean; approve: boolean; derived: boolean }, max: number): void {
  counts.products++;
  if (!(diff.visible || diff.save || diff.approve || diff.derived)) return;
  counts.changed++;
  if (diff.visible) counts.visible++;
  if (diff.save) counts.saveErrors++;
  if (diff.approve) counts.approveErrors++;
  if (diff.derived) counts.derived++;
  if (counts.examples.length < max) counts.examples.push(id);
}

const toModel = (m: Metadata | MetadataModel): MetadataModel => ('files' in m ? buildModel(m) : m);

/**
 * Evaluates every product under both versions (save and approve) and counts what changes: visible
 * blocks, save errors, approval errors, derived values; per change and per root sector; and the
 * products that stop being approvable or savable. Each version is compiled once.
 */
export function computeImpact(
  fromMeta: Metadata | MetadataModel, toMeta: Metadata | MetadataModel, changes: MetadataChange[], products: Iterable<ProductInput>, opts: ImpactOptions = {},
): ImpactReport {
  const counter = impactCounter(fromMeta, toMeta, changes, opts);
  for (const p of products) counter.add(p);
  return counter.report();
}

/**
 * computeImpact one product at a time: only the counts, the examples and the first `listed` lost
 * products are kept, so memory stays flat however many products are streamed through `add`.
 */
export function impactCounter(fromMeta: Metadata | MetadataModel, toMeta: Metadata | MetadataModel, changes: MetadataChange[], opts: ImpactOptions = {}): ImpactCounter {
  const max = opts.examples ?? 5;
  const listed = opts.listed ?? LOST_LISTED;
  const clock = opts.clock ?? (() => Date.now());
  const started = clock();
  // The engine's own default, made explicit so the static check sees the same day.
  const today = opts.now ?? new Date().toISOString().slice(0, 10);
  const engineOptions = { codeGeneration: opts.codeGeneration === true };
  const from = reviewEngine(toModel(fromMeta), () => today, undefined, engineOptions);
  const to = reviewEngine(toModel(toMeta), () => today, undefined, engineOptions);
  const statics = opts.exhaustive ? null : staticCheckFor(changes, from.engine, to.engine);
  const probes = changes.map((c) => ({ c, ...probeFor(c, from.engine, to.engine, statics), count: 0, examples: [] as string[] }));
  const shortcut = opts.exhaustive ? null : shortcutFor(changes, from.engine, to.engine);
  const unchanged = { visible: false, save: false, approve: false, derived: false };
  const table = (id: string) => to.engine.model.codeTables.get(id) ?? from.engine.model.codeTables.get(id);
  const sectorTable = table('codes/sectors');
  const statusTable = table('codes/product_status');
  const titleOf = (t: typeof statusTable, v: unknown) => {
    const e = t?.entries.find((x) => String(x.const) === String(v));
    return e ? String(e['x-summary'] ?? e.title) : v === undefined || v === null ? '' : String(v);
  };
  const sectorTitle = (sector: string) => (sector === 'none' ? 'No sector' : `${titleOf(sectorTable, sector)} (${sector})`);
  const total = emptyCounts();
  const sectors = new Map<string, ImpactCounts>();
  const approvableLost: LostProduct[] = [];
  const saveBroken: LostProduct[] = [];
  const blocksShown: Record<string, number> = {};
  const blocksHidden: Record<string, number> = {};
  let approvedLost = 0;
  let approvableLostTotal = 0;
  let saveBrokenTotal = 0;
  let evaluatedBoth = 0;
  let evaluated = 0;

  const noProbes: number[] = [];
  function triage(doc: unknown): ProductTally | null {
    if (!statics || !statics.same(doc)) return null;
    let hits = noProbes;
    probes.forEach((pr, i) => {
      if (pr.probe && pr.probe(doc, null, null, true)) hits = [...hits, i];
    });
    return { sector: rootSector(doc), probes: hits };
  }

  function recordUnaffected(id: string, x: ProductTally): void {
    addTo(total, id, unchanged, max);
    let s = sectors.get(x.sector);
    if (!s) sectors.set(x.sector, (s = emptyCounts()));
    addTo(s, id, unchanged, max);
    countProbes(id, x.probes);
  }

  function countProbes(id: string, hits: number[]): void {
    for (const i of hits) {
      const pr = probes[i];
      pr.count++;
      if (pr.examples.length < max) pr.examples.push(id);
    }
  }

  function assess(doc: unknown): ProductAssessment {
    const a = outcomeOf(from, doc);
    const same = !!shortcut && shortcut(doc, a);
    const b = same ? a : outcomeOf(to, doc);
    const visible = a.visible !== b.visible;
    const va = new Set(a.vm.visible);
    const vb = new Set(b.vm.visible);
    return {
      sector: rootSector(doc),
      status: isObj(doc) ? doc.product_status : undefined,
      both: !same,
      visible, save: a.saveKey !== b.saveKey, approve: a.approveKey !== b.approveKey, derived: a.derivedKey !== b.derivedKey,
      shown: visible ? [...vb].filter((id) => !va.has(id)) : [],
      hidden: visible ? [...va].filter((id) => !vb.has(id)) : [],
      approveLost: a.approve.length === 0 && b.approve.length > 0 ? b.approve : null,
      saveBroken: a.save.length === 0 && b.save.length > 0 ? b.save : null,
      probes: probes.flatMap((pr, i) => (pr.probe && pr.probe(doc, a, b, same) ? [i] : [])),
    };
  }

  function record(id: string, x: ProductAssessment): void {
    evaluated++;
    if (x.both) evaluatedBoth++;
    const { sector, status } = x;
    addTo(total, id, x, max);
    let s = sectors.get(sector);
    if (!s) sectors.set(sector, (s = emptyCounts()));
    addTo(s, id, x, max);
    for (const b of x.shown) blocksShown[b] = (blocksShown[b] ?? 0) + 1;
    for (const b of x.hidden) blocksHidden[b] = (blocksHidden[b] ?? 0) + 1;
    const lost = (errors: RuleError[]): LostProduct => ({ id, status, statusTitle: titleOf(statusTable, status), sector, sectorTitle: sectorTitle(sector), errors });
    if (x.approveLost) {
      if (approvableLostTotal++ < listed) approvableLost.push(lost(x.approveLost));
      if (Number(status) === 1) approvedLost++;
    }
    if (x.saveBroken && saveBrokenTotal++ < listed) saveBroken.push(lost(x.saveBroken));
    countProbes(id, x.probes);
  }

  function add(p: ProductInput): void {
    const tally = triage(p.doc);
    if (tally) recordUnaffected(p.id, tally);
    else record(p.id, assess(p.doc));
  }

  function report(): ImpactReport {
    const bySector: SectorImpact[] = [...sectors]
      .map(([sector, counts]) => ({ sector, title: sectorTitle(sector), ...counts, examples: [...counts.examples] }))
      .sort((x, y) => y.changed - x.changed || y.products - x.products || (x.title < y.title ? -1 : 1));
    const byChange: ChangeImpact[] = probes.map((pr) => ({
      id: pr.c.id, subject: pr.c.subject, change: pr.c.change, summary: pr.c.summary,
      products: pr.probe ? pr.count : null, examples: [...pr.examples], measure: pr.measure,
    }));
    return {
      total: { ...total, examples: [...total.examples] }, byChange, bySector, approvableLost: [...approvableLost], approvableLostTotal, approvedLost,
      saveBroken: [...saveBroken], saveBrokenTotal,
      blocksShown: { ...blocksShown }, blocksHidden: { ...blocksHidden }, evaluated, evaluatedBoth, seconds: (clock() - started) / 1000,
    };
  }
  // Whole-document reads (the root, or any top-level key) leave nothing to select.
  const reads = statics?.reads ? [...statics.reads, [SECTORS], ...probes.flatMap((pr) => pr.reads)] : null;
  return {
    add, report, triage, recordUnaffected, assess, record,
    reads: reads && reads.every((r) => r.length > 0 && r[0] !== '*') ? reads : null,
  };
}
