import { Callout, H2, H3, H4, HTMLSelect, Spinner } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useRuleChanges, useRuleVersions } from '../../api/hooks/rulesHooks';
import { useMetadataFiles } from '../../api/hooks/useMetadataFiles';
import type { RuleVersion } from '../../api/rulesTypes';
// Type-only: the file itself comes from GET /api/metadata (reload, METADATA_DIR), never the bundle.
import type ruleChangesJson from '../../../schemas/dashboards/rule_changes.json';
import { diffWords } from '../../engine/diff/diffWords';
import { ListTable } from '../../ui/dashboard/ListTable';
import type { ColumnMeta } from '../../ui/dashboard/dashboardTypes';
import { changeGroups, impactRows, productRows } from './ruleChangeRows';
import { RuleChangeCell } from './RuleChangeCell';
import './ruleCatalogue.css';

type Meta = typeof ruleChangesJson;
const metaFile = 'schemas/dashboards/rule_changes.json';
const label = (key: string) => diffWords.impactRows.find(([k]) => k === key)![1];

function VersionSelect({ name, value, versions, onChange }: { name: string; value: string; versions: RuleVersion[]; onChange: (ref: string) => void }) {
  return (
    <label style={{ display: 'flex', gap: 6, alignItems: 'center', maxWidth: 720 }}>
      <span style={{ minWidth: 40 }}>{name}</span>
      {/* A commit's subject can be long: the select keeps a readable width and the option its full text. */}
      <HTMLSelect fill value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={name}>
        {versions.some((v) => v.ref === value) ? null : <option value={value}>{value}</option>}
        {versions.map((v) => (
          <option key={v.ref} value={v.ref}>
            {v.label}
          </option>
        ))}
      </HTMLSelect>
    </label>
  );
}

/** One list of the screen, drawn by the generic list renderer from the metadata's columns. */
function List<Row extends object>({ name, columns, rows, rowKey, meta, empty }: { name: string; columns: unknown; rows: Row[]; rowKey: (r: Row) => string; meta: Meta; empty: string }) {
  return (
    <ListTable<Row>
      label={name}
      columns={columns as ColumnMeta[]}
      rows={rows}
      rowKey={rowKey}
      emptyText={empty}
      renderCell={(column, row) => <RuleChangeCell column={column} row={row as Record<string, unknown>} productLabel={meta.messages.productLink} />}
    />
  );
}

/**
 * /rulechanges (QA): `rules diff` of two versions of the metadata (the files on disk, the commits
 * of the metadata repository; `?from=&to=`, by default the last commit and the disk), in its words,
 * and the stored products it affects, each opening in the product editor.
 */
export function RuleChangesScreen() {
  const [params, setParams] = useSearchParams();
  const files = useMetadataFiles();
  const versions = useRuleVersions();
  const from = params.get('from') ?? versions.data?.from ?? null;
  const to = params.get('to') ?? versions.data?.to ?? null;
  const report = useRuleChanges(from, to);
  const meta = files.data?.files[metaFile] as Meta | undefined;
  const pick = (key: 'from' | 'to') => (ref: string) => {
    const next = new URLSearchParams(params);
    next.set('from', from ?? '');
    next.set('to', to ?? '');
    next.set(key, ref);
    setParams(next, { replace: true });
  };
  const error = files.error ?? versions.error ?? report.error;
  if (!meta || !versions.data) return error ? <Callout intent="danger">{error.message}</Callout> : <Spinner size={30} />;
  const { labels, lists, messages } = meta;
  const r = report.data;
  const groups = r ? changeGroups(r) : null;
  const reasons = { approvableLost: label('approvableLost'), saveBroken: label('saveBroken'), changed: meta.reasons.changed };

  return (
    <section className="portal-rules portal-rule-changes" style={{ padding: 16 }}>
      <H2>{labels.heading}</H2>
      <p>
        <Link to="/rules">{labels.catalogue}</Link>
      </p>
      <div style={{ display: 'flex', gap: 16, margin: '8px 0 12px', flexWrap: 'wrap' }}>
        <VersionSelect name={labels.from} value={from ?? ''} versions={versions.data.versions} onChange={pick('from')} />
        <VersionSelect name={labels.to} value={to ?? ''} versions={versions.data.versions} onChange={pick('to')} />
      </div>
      {versions.data.repository ? null : <Callout intent="warning">{messages.notRepository}</Callout>}
      {report.error ? <Callout intent="danger">{report.error.message}</Callout> : null}
      {!r || !groups ? (
        report.error ? null : <Spinner size={30} />
      ) : (
        <>
          <H3>{labels.changes}</H3>
          {r.changes.length === 0 ? <p>{diffWords.nothingChanged}</p> : null}
          {groups.changes.length ? <List name={labels.changes} columns={lists.changes} rows={groups.changes} rowKey={(c) => `${c.subject}:${c.id}`} meta={meta} empty="" /> : null}
          {groups.wording.length ? (
            <>
              <H4>
                {diffWords.wordingOnly} ({groups.wording.length})
              </H4>
              <p className="bp6-text-muted">{diffWords.wordingNote}</p>
              <List name={diffWords.wordingOnly} columns={lists.wording} rows={groups.wording} rowKey={(c) => `${c.subject}:${c.id}`} meta={meta} empty="" />
            </>
          ) : null}
          {r.impact ? (
            <>
              <H3>{labels.impact}</H3>
              <p>{diffWords.checked(r.impact.total.products, r.impact.seconds)}</p>
              <List name={labels.impact} columns={lists.impact} rows={impactRows(r.impact)} rowKey={(x) => x.key} meta={meta} empty="" />
              <H4>{labels.products}</H4>
              <List name={labels.products} columns={lists.products} rows={productRows(r.impact, reasons)} rowKey={(p) => p.id} meta={meta} empty={messages.noProducts} />
              {r.impact.byChange.length ? (
                <>
                  <H4>{labels.byChange}</H4>
                  <List name={labels.byChange} columns={lists.byChange} rows={r.impact.byChange} rowKey={(c) => `${c.subject}:${c.id}`} meta={meta} empty="" />
                </>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
