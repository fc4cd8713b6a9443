import type { Metadata } from '../types';
import { computeImpact } from './computeImpact';
import { diffMetadata } from './diffMetadata';
import { failingConditions, type FailOnCondition } from './failOn';
import type { ImpactReport, ProductInput } from './ImpactReport';
import type { MetadataChange } from './MetadataChange';

/** `portal rules diff --format json`, and GET /api/rules/diff: the changes, their impact, failing gates. */
export interface RuleChangeReport {
  /** The two versions as the reader named them (`HEAD`, `disk`, a folder, a commit). */
  from: string;
  to: string;
  /** Behaviour and message changes first, wording-only changes last (each says its `effect`). */
  changes: MetadataChange[];
  /** Null when no products were given. */
  impact: ImpactReport | null;
  /** The `--fail-on` conditions that hold, each with its reason. */
  failing: string[];
}

export interface RuleChangeReportOptions {
  /** Today for date rules, YYYY-MM-DD (default: the system date). */
  now?: string;
  /** Milliseconds clock for the impact's `seconds` (performance.now where there is one). */
  clock?: () => number;
  failOn?: readonly FailOnCondition[];
}

/**
 * The rule-change review of two metadata versions: what changed, in the analysts' words, and, when
 * products are given, what it does to them. Wording-only changes cannot move an outcome, so they are
 * not measured. Pure; throws RuleCompileError when a side does not compile.
 */
export function ruleChangeReport(
  from: string, to: string, a: Metadata, b: Metadata, products: Iterable<ProductInput> | null, opts: RuleChangeReportOptions = {},
): RuleChangeReport {
  const changes = diffMetadata(a, b);
  const measured = changes.filter((c) => c.effect !== 'wording');
  const impact = products ? computeImpact(a, b, measured, products, { now: opts.now, clock: opts.clock }) : null;
  return { from, to, changes, impact, failing: failingConditions(opts.failOn ?? [], changes, impact) };
}
