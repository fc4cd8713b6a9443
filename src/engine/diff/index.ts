/** Rule-change review: semantic diff of two metadata versions and its impact on stored products (pure). */
export { diffMetadata } from './diffMetadata';
export type { MetadataChange, ChangeSubject, ChangeEffect } from './MetadataChange';
export { computeImpact, impactCounter, LOST_LISTED } from './computeImpact';
export type { ImpactCounter, ImpactOptions } from './computeImpact';
export type { ProductAssessment, ProductTally } from './ProductAssessment';
export type { ImpactReport, ImpactCounts, ChangeImpact, SectorImpact, LostProduct, ProductInput } from './ImpactReport';
export { describeRule, targetTitle } from './describeRule';
export { formatDiffMarkdown } from './formatDiffMarkdown';
export { diffWords } from './diffWords';
export type { ImpactRowKey } from './diffWords';
export { measuredChanges, reportFrom, ruleChangeReport } from './ruleChangeReport';
export type { RuleChangeReport, RuleChangeReportOptions } from './ruleChangeReport';
export { failOnConditions, failingConditions, isFailOnCondition } from './failOn';
export type { FailOnCondition } from './failOn';
export { canonicalJson } from './canonicalJson';
export { ruleOutcome } from './ruleOutcome';
