import type { Engine } from '../evaluate/Engine';
import { truthy } from '../logic/truthy';
import { getIn } from '../model/paths';
import type { EvalContext } from '../logic/EvalContext';
import type { CompiledRule, RuleKind, ViewModel } from '../types';

/** Where a document comes from: a rule case (tests/rules) or a stored product. */
export type CoverageSource = 'cases' | 'products';

/**
 * How often a rule did something. `fired`: its condition held (a visible rule showed its target, a
 * readonly or label rule applied, a derive rule set its value, an options rule dropped an option, a
 * required or validate rule was checked for the document's action). `passed` / `failed`: of the
 * checks, how many the document satisfied / how many it refused (required and validate only).
 */
export interface CoverageCounts {
  evaluated: number;
  fired: number;
  passed: number;
  failed: number;
}

export interface RuleCoverageRow {
  id: string;
  kind: RuleKind;
  target: string;
  file: string;
  cases: CoverageCounts;
  products: CoverageCounts;
}

export interface CoverageReport {
  /** Documents evaluated per source (a document checked for two actions counts once). */
  documents: Record<CoverageSource, number>;
  rules: RuleCoverageRow[];
  /** Rules that never fired on any document. */
  neverFired: string[];
  /** Required and validate rules that no document was refused by. */
  neverFailed: string[];
}

export interface CoverageDocument {
  document: unknown;
  /** The actions the document is checked for (a rule case's action; save and approve for a product). */
  actions: ReadonlyArray<string | null>;
  prev?: unknown;
  /** `$now` for this document (a rule case's date); default the engine's. */
  now?: string;
}

const zero = (): CoverageCounts => ({ evaluated: 0, fired: 0, passed: 0, failed: 0 });
const isCheck = (kind: RuleKind) => kind === 'required' || kind === 'validate';

/**
 * Whether the rule's condition holds for the document (for item rules: for some item): on the
 * evaluated data, or for a derive rule also on the document as given (a derive rule's own value
 * usually turns its condition off, e.g. "add 13 unless present").
 */
function conditionHolds(engine: Engine, rule: CompiledRule, vm: ViewModel, input?: unknown): boolean {
  const inputs = engine.inputsOf(vm);
  if (!inputs) return false;
  const { ctx } = inputs;
  if (input !== undefined && rule.kind === 'derive' && holdsOn(rule, input, ctx)) return true;
  return holdsOn(rule, inputs.data, ctx);
}

function holdsOn(rule: CompiledRule, data: unknown, ctx: EvalContext): boolean {
  const holds = (scope: unknown) => !rule.whenFn || truthy(rule.whenFn(scope, ctx));
  if (rule.targetType !== 'item') return holds(data);
  const list = getIn(data, rule.itemArray!);
  return Array.isArray(list) && list.some(holds);
}

function optionsDropped(engine: Engine, rule: CompiledRule, vm: ViewModel): boolean {
  const all = engine.model.fieldByPath.get(rule.target)?.codeTable?.entries.length ?? 0;
  const kept = vm.fields[rule.target]?.options?.length;
  return kept !== undefined && kept < all;
}

/** Whether the rule's target is shown (a hidden field is not checked unless its policy keeps it). */
function targetShown(rule: CompiledRule, vm: ViewModel): boolean {
  if (rule.targetType === 'item') return true;
  const state = vm.fields[rule.target] ?? vm.blocks[rule.target];
  return !state || state.visible;
}

/**
 * Counts, per rule, what it did across documents: the rule cases and the stored products. `engineFor`
 * gives the engine of the metadata under review for a `$now` (undefined: today); every engine it
 * returns must be compiled from the same metadata. Documents are evaluated once per action.
 */
export function createRuleCoverage(engineFor: (now?: string) => Engine) {
  const rules = engineFor().rules;
  const rows: RuleCoverageRow[] = rules.map((r) => ({ id: r.id, kind: r.kind, target: r.target, file: r.file, cases: zero(), products: zero() }));
  const documents: Record<CoverageSource, number> = { cases: 0, products: 0 };

  function add(source: CoverageSource, input: CoverageDocument): void {
    documents[source] += 1;
    const engine = engineFor(input.now);
    const fired = new Array<boolean>(rules.length).fill(false);
    const checked = new Array<boolean>(rules.length).fill(false);
    const failed = new Array<boolean>(rules.length).fill(false);
    for (const action of input.actions.length ? input.actions : [null]) {
      const vm = engine.evaluate(input.document, { action, prev: input.prev });
      // A warning rule "fails" when it warned.
      const refused = new Set([...vm.errors, ...vm.warnings].map((e) => e.rule));
      rules.forEach((r, i) => {
        if (isCheck(r.kind)) {
          const applies = action !== null && (r.actions ?? []).includes(action) && conditionHolds(engine, r, vm) && targetShown(r, vm);
          if (refused.has(r.id)) failed[i] = true;
          if (applies || refused.has(r.id)) checked[i] = true;
        } else if (!fired[i]) {
          fired[i] = r.kind === 'options' ? optionsDropped(engine, r, vm) : conditionHolds(engine, r, vm, input.document);
        }
      });
    }
    rows.forEach((row, i) => {
      const c = row[source];
      c.evaluated += 1;
      if (isCheck(row.kind)) {
        if (checked[i]) c.fired += 1;
        if (failed[i]) c.failed += 1;
        else if (checked[i]) c.passed += 1;
      } else if (fired[i]) c.fired += 1;
    });
  }

  function report(): CoverageReport {
    const total = (row: RuleCoverageRow, k: keyof CoverageCounts) => row.cases[k] + row.products[k];
    return {
      documents: { ...documents },
      rules: rows.map((r) => ({ ...r, cases: { ...r.cases }, products: { ...r.products } })),
      neverFired: rows.filter((r) => total(r, 'fired') === 0).map((r) => r.id),
      neverFailed: rows.filter((r) => isCheck(r.kind) && total(r, 'failed') === 0).map((r) => r.id),
    };
  }

  return { add, report };
}
