import { Tag } from '@blueprintjs/core';
import type { CoverageCounts, RuleCoverageRow } from '../../engine/coverage/ruleCoverage';
import type { CoverageLoad } from './useRuleCoverage';

const isCheck = (kind: string) => kind === 'required' || kind === 'validate';

function Counts({ label, c, check }: { label: string; c: CoverageCounts; check: boolean }) {
  return (
    <div className="bp6-text-small">
      <span className="bp6-text-muted">{label}</span> {check ? `${c.fired} checked · ${c.passed} passed · ${c.failed} failed` : `${c.fired} of ${c.evaluated} fired`}
    </div>
  );
}

/** One rule's counts: how often it fired (and, for checks, passed and failed) on the rule cases and the stored products. */
export function RuleCoverageCell({ row }: { row: RuleCoverageRow | undefined }) {
  if (!row) return <span className="bp6-text-muted">-</span>;
  const check = isCheck(row.kind);
  const never = row.cases.fired + row.products.fired === 0;
  return (
    <div data-coverage-rule={row.id}>
      <Counts label="Cases" c={row.cases} check={check} />
      <Counts label="Products" c={row.products} check={check} />
      {never ? <Tag intent="warning" minimal>never exercised</Tag> : null}
      {!never && check && row.cases.failed + row.products.failed === 0 ? <Tag intent="warning" minimal>never refused</Tag> : null}
    </div>
  );
}

/** The line above the table: what the counts were computed over, and how many rules nothing exercises. */
export function CoverageSummary({ load }: { load: CoverageLoad }) {
  if (load.status === 'loading') return <p className="bp6-text-muted">Counting what each rule does on the rule cases and the stored products…</p>;
  if (load.status === 'error') return <p className="bp6-text-muted">Rule coverage is not available: {load.message}</p>;
  const c = load.coverage;
  return (
    <p data-coverage-summary>
      Coverage over {c.documents.cases} rule cases and {c.documents.products} stored products:{' '}
      {c.neverFired.length ? <strong>{c.neverFired.length} rules never exercised</strong> : 'every rule exercised'}
      {c.neverFailed.length ? `, ${c.neverFailed.length} checks never refused a document` : ''}. Same counts as{' '}
      <code>npx portal rules coverage --products db</code>.
    </p>
  );
}
