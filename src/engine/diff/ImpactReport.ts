import type { RuleError } from '../types';
import type { ChangeSubject, MetadataChange } from './MetadataChange';

/** One stored product as the impact run reads it. */
export interface ProductInput {
  id: string;
  doc: unknown;
}

/** How many products change under the new version, by what changes. */
export interface ImpactCounts {
  /** Products looked at. */
  products: number;
  /** Products with any difference below. */
  changed: number;
  /** Products whose visible blocks differ. */
  visible: number;
  /** Products whose save errors differ (rule, field or message). */
  saveErrors: number;
  /** Products whose approval errors differ. */
  approveErrors: number;
  /** Products whose derived values differ. */
  derived: number;
  /** The first product ids that changed. */
  examples: string[];
}

export interface ChangeImpact {
  id: string;
  subject: ChangeSubject;
  change: MetadataChange['change'];
  summary: string;
  /** Products this change touches, measured as `measure` says; null when it cannot be measured per product. */
  products: number | null;
  examples: string[];
  /** What was counted, in plain words. */
  measure: string;
}

export interface SectorImpact extends ImpactCounts {
  /** Root sector id of the product's first sector chain, or "none". */
  sector: string;
  title: string;
}

/** A product that passed a check under the old rules and fails it under the new ones. */
export interface LostProduct {
  id: string;
  status: unknown;
  /** Status and sector in words ("Approved", "Credit Card (90)"). */
  statusTitle: string;
  sector: string;
  sectorTitle: string;
  /** The new version's errors for that action. */
  errors: RuleError[];
}

export interface ImpactReport {
  total: ImpactCounts;
  byChange: ChangeImpact[];
  bySector: SectorImpact[];
  /** No approval errors before, some after: the first ImpactOptions.listed of them. */
  approvableLost: LostProduct[];
  /** How many products stop being approvable (listed or not). */
  approvableLostTotal: number;
  /** Of those, the ones already Approved (status 1). */
  approvedLost: number;
  /** No save errors before, some after: the first ImpactOptions.listed of them. */
  saveBroken: LostProduct[];
  /** How many products stop saving (listed or not). */
  saveBrokenTotal: number;
  /** Blocks newly shown / newly hidden, by block id: how many products. */
  blocksShown: Record<string, number>;
  blocksHidden: Record<string, number>;
  /** Products evaluated at all: the rest provably cannot change (the changed rules decide the same from the stored document). */
  evaluated: number;
  /** Products evaluated under the new version too (the rest provably decide the same; see computeImpact). */
  evaluatedBoth: number;
  seconds: number;
}
