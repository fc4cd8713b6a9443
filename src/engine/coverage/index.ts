export { createRuleCoverage } from './ruleCoverage';
export type { CoverageCounts, CoverageDocument, CoverageReport, CoverageSource, RuleCoverageRow } from './ruleCoverage';
export { formatCoverageMarkdown } from './formatCoverageMarkdown';
