import { Callout, H2, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { Fragment, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CatalogueCodeTable, CatalogueRule, RuleCatalogue } from '../../api/rulesTypes';
import { useRuleCatalogue } from '../../api/hooks/rulesHooks';
import { filterCatalogue, ruleKinds } from './filterCatalogue';
import type { RuleCoverageRow } from '../../engine/coverage/ruleCoverage';
import { CoverageSummary, RuleCoverageCell } from './RuleCoverageCell';
import { useRuleCoverage } from './useRuleCoverage';
import './ruleCatalogue.css';

/** A rule id in a narrow column breaks after its dots (`target_market.` / `military`), not mid-word. */
function RuleId({ id }: { id: string }) {
  const parts = id.split('.');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          .<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; catalogue: RuleCatalogue };

const MAX_ROWS = 400;

function RulesTable({ rules, coverage }: { rules: CatalogueRule[]; coverage: Map<string, RuleCoverageRow> | null }) {
  if (!rules.length) return <NonIdealState icon="search" description="No rule matches." />;
  return (
    <HTMLTable compact striped className="portal-rules__table" style={{ width: '100%' }}>
      <colgroup>
        {['rule', 'kind', 'words', 'message', 'actions', 'source', 'coverage'].map((c) => (
          <col key={c} className={`portal-rules__col-${c}`} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th>Rule</th>
          <th>Kind</th>
          <th>In plain words</th>
          <th>Message</th>
          <th>Actions</th>
          <th>Spec source</th>
          <th>Coverage</th>
        </tr>
      </thead>
      <tbody>
        {rules.slice(0, MAX_ROWS).map((r) => (
          <tr key={r.id} id={`rule-${r.id}`} data-rule-id={r.id}>
            <td>
              <code>
                <RuleId id={r.id} />
              </code>
              <div className="bp6-text-muted bp6-text-small">{r.targetLabel}</div>
            </td>
            <td>
              <Tag minimal>{r.kind}</Tag>
              {r.severity === 'warning' ? (
                <Tag minimal intent="warning">
                  warning
                </Tag>
              ) : null}
            </td>
            <td>
              {r.words}
              {r.description ? <div className="bp6-text-muted bp6-text-small">{r.description}</div> : null}
            </td>
            <td>{r.message ? `“${r.message}”` : ''}</td>
            <td>{r.actions.join(', ')}</td>
            <td>
              {r.source}
              <div className="bp6-text-muted bp6-text-small">
                <FileName file={r.file} /> {r.jsonPath}
              </div>
            </td>
            <td>{coverage ? <RuleCoverageCell row={coverage.get(r.id)} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function CodeTables({ tables }: { tables: CatalogueCodeTable[] }) {
  if (!tables.length) return <NonIdealState icon="search" description="No code table matches." />;
  return (
    <div className="portal-rules__codes">
      {tables.map((t) => (
        <section key={t.id} data-code-table={t.id} style={{ marginBottom: 16 }}>
          <h3 style={{ marginBottom: 4 }}>
            {t.title} <code className="bp6-text-muted">{t.id}</code> {t.sample ? <Tag intent="warning" minimal>sample values</Tag> : null}
          </h3>
          <div className="bp6-text-muted bp6-text-small">
            {t.source ? `Spec: ${t.source}. ` : ''}
            {t.usedBy.length ? `Used by: ${t.usedBy.join(', ')}.` : 'Used by no field.'} File: {t.file}
          </div>
          <HTMLTable compact striped style={{ marginTop: 4 }}>
            <thead>
              <tr>
                <th>Code</th>
                <th>Title</th>
                <th>Other data</th>
              </tr>
            </thead>
            <tbody>
              {t.entries.map((e) => (
                <tr key={String(e.const)}>
                  <td>
                    <code>{JSON.stringify(e.const)}</code>
                  </td>
                  <td>
                    {e.title} {e.sample ? <Tag intent="warning" minimal>sample</Tag> : null}
                  </td>
                  <td className="bp6-text-small">
                    {Object.entries(e.extra)
                      .map(([k, v]) => `${k.replace(/^x-/, '')}: ${JSON.stringify(v)}`)
                      .join('; ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
      ))}
    </div>
  );
}

/**
 * /rules: the rule catalogue for analysts and QA. Every rule in plain words with kind, message,
 * actions and spec source; every code table; one search box (`?q=` so the editor's Why? can link here).
 */
export function RuleCatalogueScreen() {
  const [params, setParams] = useSearchParams();
  const catalogue = useRuleCatalogue();
  const load: Load = catalogue.data ? { status: 'ready', catalogue: catalogue.data } : catalogue.error ? { status: 'error', message: catalogue.error.message } : { status: 'loading' };
  const query = params.get('q') ?? '';
  const kind = params.get('kind') ?? '';
  const [tab, setTab] = useState<'rules' | 'codes'>(params.get('tab') === 'codes' ? 'codes' : 'rules');
  const coverageLoad = useRuleCoverage();
  const coverage = useMemo(() => (coverageLoad.status === 'ready' ? new Map(coverageLoad.coverage.rules.map((r) => [r.id, r])) : null), [coverageLoad]);


  const filtered = useMemo(() => (catalogue.data ? filterCatalogue(catalogue.data, query, kind) : null), [catalogue.data, query, kind]);
  const update = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <section className="portal-rules" style={{ padding: 16 }}>
      <H2>Rule catalogue</H2>
      <p className="bp6-text-muted">
        Every rule the product editor and the server apply, in plain words, and every code table. Rules and codes are files under
        schemas/ and rules/; a change is reviewed with <code>npx portal rules diff</code> or on the <Link to="/rulechanges">Rule changes</Link> screen.
      </p>
      {load.status === 'loading' ? <Spinner size={30} /> : null}
      {load.status === 'error' ? <Callout intent="danger">{load.message}</Callout> : null}
      {load.status === 'ready' && filtered ? (
        <>
          <div style={{ display: 'flex', gap: 8, margin: '8px 0 12px' }}>
            <InputGroup
              leftIcon="search"
              placeholder="Search rules and codes: id, words, message, spec section..."
              value={query}
              onValueChange={(v) => update('q', v)}
              style={{ minWidth: 420 }}
              aria-label="Search rules and code tables"
            />
            <HTMLSelect value={kind} onChange={(e) => update('kind', e.currentTarget.value)} aria-label="Rule kind">
              <option value="">All kinds</option>
              {ruleKinds(load.catalogue).map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </HTMLSelect>
            <span className="bp6-text-muted" style={{ alignSelf: 'center' }}>
              version {load.catalogue.version.slice(0, 12)}
            </span>
          </div>
          <CoverageSummary load={coverageLoad} />
          <Tabs id="rule-catalogue" selectedTabId={tab} onChange={(t) => setTab(t === 'codes' ? 'codes' : 'rules')}>
            <Tab id="rules" title={`Rules (${filtered.rules.length})`} panel={<RulesTable rules={filtered.rules} coverage={coverage} />} />
            <Tab id="codes" title={`Code tables (${filtered.codeTables.length})`} panel={<CodeTables tables={filtered.codeTables} />} />
          </Tabs>
          {filtered.rules.length > MAX_ROWS && tab === 'rules' ? (
            <p className="bp6-text-muted">Showing the first {MAX_ROWS} of {filtered.rules.length}; narrow the search.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * A metadata file's path in a narrow column: it may break after each `/`, so "rules/product/derive.json"
 * wraps as "rules/product/" and "derive.json", never as "derive.js" and "on" (which named a file that is not there).
 */
function FileName({ file }: { file: string }) {
  const parts = file.split('/');
  return (
    <span className="portal-rules__file">
      {parts.map((p, i) => (
        <Fragment key={i}>
          {p}
          {i < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </span>
  );
}
