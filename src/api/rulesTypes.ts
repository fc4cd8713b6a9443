import type { Explanation } from '../engine/explain/Explanation';
import type { CoverageReport } from '../engine/coverage/ruleCoverage';
import type { RuleChangeReport } from '../engine/diff/ruleChangeReport';

/** One rule of the catalogue (GET /api/rules/catalogue), in the analysts' words. */
export interface CatalogueRule {
  id: string;
  kind: string;
  /** Block id or field path the rule acts on, and its title. */
  target: string;
  targetLabel: string;
  /** The whole rule in plain words: "Delivery shows when Media Channel is Direct Mail (1) and ...". */
  words: string;
  message?: string;
  /** `warning`: a validate rule the editor asks to confirm instead of refusing. */
  severity?: 'warning';
  actions: string[];
  /** Spec file and section. */
  source: string;
  description?: string;
  /** File and JSON path where an analyst edits it. */
  file: string;
  jsonPath: string;
}

export interface CatalogueCode {
  const: string | number;
  title: string;
  sample: boolean;
  /** The entry's other `x-` data (option filter inputs, summary labels). */
  extra: Record<string, unknown>;
}

export interface CatalogueCodeTable {
  id: string;
  title: string;
  type: string;
  source: string;
  file: string;
  sample: boolean;
  entries: CatalogueCode[];
  /** Field paths that take their values from this table. */
  usedBy: string[];
}

export interface RuleCatalogue {
  /** Metadata version (the hash GET /api/health reports). */
  version: string;
  rules: CatalogueRule[];
  codeTables: CatalogueCodeTable[];
}

/** POST /api/rules/explain body. */
export interface ExplainRequest {
  document: Record<string, unknown>;
  /** Field path or block id. */
  target: string;
  /** The action checked (errors and required depend on it). */
  action?: string;
}

export type ExplainResponse = Explanation;

/** GET /api/rules/coverage: what each rule did across the rule cases and the stored products. */
export interface RuleCoverageResponse extends CoverageReport {
  /** Metadata version the counts are for. */
  version: string;
  /** When the counts were computed (ISO); they are recomputed when the metadata or the products change. */
  computedAt: string;
}

/** One version the Rule changes screen can compare. */
export interface RuleVersion {
  /** `disk` (the metadata files now), `HEAD`, or a commit of the metadata repository. */
  ref: string;
  label: string;
}

/** GET /api/rules/versions: what can be compared, and what is compared first. */
export interface RuleVersionsResponse {
  versions: RuleVersion[];
  /** The last commit and the files on disk when the metadata folder is a git repository; else disk and disk. */
  from: string;
  to: string;
  /** The metadata folder is the top of a git repository (otherwise only `disk` can be compared). */
  repository: boolean;
  /** `portal dev` reloads the files as they are saved. */
  watching: boolean;
}

/** GET /api/rules/diff?from=&to=: the JSON of `portal rules diff <from> <to> --products db --format json`. */
export type RuleChangesResponse = RuleChangeReport;
