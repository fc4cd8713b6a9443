import type { RuleError } from '../types';

/** What a product provably unaffected adds to an impact report, apart from its id. */
export interface ProductTally {
  /** Its root sector (the report's grouping). */
  sector: string;
  /** Indices (in change order) of the changes this product counts for. */
  probes: number[];
}

/**
 * What one product evaluated under both versions adds to an impact report, apart from its id: plain
 * data, so a worker thread can compute it and the counter record it in product order.
 */
export interface ProductAssessment extends ProductTally {
  status: unknown;
  /** Evaluated under the new version too (not decided by the shortcut after the old one). */
  both: boolean;
  visible: boolean;
  save: boolean;
  approve: boolean;
  derived: boolean;
  /** Blocks visible only under the new version, and only under the old one. */
  shown: string[];
  hidden: string[];
  /** The new version's errors when the product stops being approvable, or savable; else null. */
  approveLost: RuleError[] | null;
  saveBroken: RuleError[] | null;
}
