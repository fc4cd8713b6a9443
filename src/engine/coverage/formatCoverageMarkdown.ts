import type { CoverageCounts, CoverageReport } from './ruleCoverage';

const counts = (c: CoverageCounts, check: boolean) => (check ? `${c.fired} / ${c.passed} / ${c.failed}` : `${c.fired}`);

/** The coverage report as Markdown: totals, the rules never exercised, then every rule's counts. */
export function formatCoverageMarkdown(r: CoverageReport): string {
  const out: string[] = [];
  out.push('# Rule coverage', '');
  out.push(`${r.rules.length} rules over ${r.documents.cases} rule cases and ${r.documents.products} stored products.`, '');
  out.push(`Fired: ${r.rules.length - r.neverFired.length} of ${r.rules.length} rules. Refused at least once: ${r.rules.filter((x) => x.kind === 'required' || x.kind === 'validate').length - r.neverFailed.length} of ${r.rules.filter((x) => x.kind === 'required' || x.kind === 'validate').length} required/validate rules.`, '');
  out.push(`## Never exercised (${r.neverFired.length})`, '');
  out.push(...(r.neverFired.length ? r.neverFired.map((id) => `- ${id}`) : ['(none)']), '');
  out.push(`## Never refused a document (${r.neverFailed.length} required/validate rules)`, '');
  out.push(...(r.neverFailed.length ? r.neverFailed.map((id) => `- ${id}`) : ['(none)']), '');
  out.push('## Every rule', '', 'Required and validate rules: fired (checked) / passed / failed; other kinds: fired.', '');
  out.push('| rule | kind | cases | products |', '|---|---|---|---|');
  for (const x of r.rules) {
    const check = x.kind === 'required' || x.kind === 'validate';
    out.push(`| ${x.id} | ${x.kind} | ${counts(x.cases, check)} | ${counts(x.products, check)} |`);
  }
  return out.join('\n');
}
