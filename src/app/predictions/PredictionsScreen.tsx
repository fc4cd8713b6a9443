import { Button, Callout, Card, H3, H5, HTMLTable, InputGroup, OverlayToaster, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { EmailPredictions, Guess, ModelVariant, PredictionTarget } from '../../api/predictionTypes';
import { MessageDialog } from '../../ui/dashboard/MessageDialog';
import { openPopup } from '../../ui/dashboard/openPopup';
import { predictionsApi } from './predictionsApi';
import { formatUtcSeconds, percent, useSpaceyMeta, variantQuery, type SpaceyMeta } from './spaceyMeta';
import './predictions.css';

type TargetMeta = { key: PredictionTarget; label: string; field: 'sectors' | 'cateegory' | 'mailingtypename' | 'companies' };
/** What the email's product holds now, per target (000 §3 orginalsector, orginalcategory, mtypeNameorginal). */
const current = (p: EmailPredictions, t: PredictionTarget): string | null =>
  !p.product ? null : t === 'sector' ? p.product.orginalsector : t === 'category' ? p.product.orginalcategory : t === 'mailing_type' ? p.product.mtypeNameorginal : p.product.companies.join(', ') || null;
const tokenLabel = (token: string) => token.replace(/^(domain|host|subject|sender):/, '$1 ');

/** /company/{muid}, /companynew/{muid}, /companynew1/{muid}: 'Predictions for MUID' with accept, reject and companies. */
export function PredictionsScreen() {
  const { meta, error } = useSpaceyMeta();
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!meta) return <Spinner aria-label="Loading metadata" />;
  return <Predictions spaceyMeta={meta} />;
}

function Predictions({ spaceyMeta }: { spaceyMeta: SpaceyMeta }) {
  const screen = spaceyMeta.predictionScreen;
  const m = spaceyMeta.messages;
  const targets = screen.targets as TargetMeta[];
  const muid = Number(useParams().muid);
  const [params] = useSearchParams();
  const variant: ModelVariant = params.get('variant') === '2019' ? '2019' : 'current';
  const [data, setData] = useState<EmailPredictions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Array<{ companyID: number; companyName: string }>>([]);
  const toaster = useRef<OverlayToaster | null>(null);

  const load = useCallback(() => {
    predictionsApi.predictions(muid, variant).then(setData, (e: Error) => setError(e.message));
  }, [muid, variant]);
  useEffect(load, [load]);
  // 000 §5: the company search starts after more than 2 typed characters.
  useEffect(() => {
    if (query.trim().length < screen.companySearchMinLength) return setFound([]);
    let live = true;
    const t = setTimeout(() => predictionsApi.companySearch(query.trim()).then((r) => live && setFound(r), () => undefined), 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [query, screen.companySearchMinLength]);

  const act = async (what: () => Promise<string>) => {
    setBusy(true);
    try {
      toaster.current?.show({ message: await what(), intent: 'success', timeout: 4000 });
      load();
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const accept = (body: Partial<Record<PredictionTarget, string>>) => act(async () => (await predictionsApi.accept(muid, body)).msg);
  const reject = (t: PredictionTarget, g: Guess) => act(async () => (await predictionsApi.reject(muid, t, g.label)).msg ?? m.rejected);
  const acceptTop = () => {
    if (!data) return;
    const body: Partial<Record<PredictionTarget, string>> = {};
    for (const t of targets) {
      const g = data[t.field][0];
      if (g) body[t.key] = g.label;
    }
    void accept(body);
  };
  const addCompany = (name: string) =>
    act(async () => {
      await predictionsApi.addCompany(muid, name);
      setQuery('');
      return `Company ${name} added.`;
    });

  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!data) return <Spinner aria-label="Loading predictions" />;
  const hasAny = targets.some((t) => data[t.field].length > 0);
  return (
    <section className="predictions" aria-label={screen.title}>
      <div className="predictions__head">
        <H3>
          {screen.title} {muid}
        </H3>
        <span>{data.email_subject}</span>
        <Tag minimal>{data.email_from_one}</Tag>
        <span>{formatUtcSeconds(data.email_date)}</span>
      </div>
      <div className="predictions__head">
        <span role="status">{data.model_version ? `Model v${data.model_version} (${variant}), trained ${formatUtcSeconds(data.training_datetime)}` : m.noModel}</span>
        <span>{data.product ? `Product ${data.product.product_id} (entry ${data.product.entry_id ?? 'none'})` : 'No product yet: Accept creates a draft product for this email.'}</span>
        <Button icon="highlight" text="Visual annotation" onClick={() => openPopup(screen.visualize.path.replace('{variantQuery}', variantQuery(variant)).replace('{muid}', String(muid)), screen.visualize.popup)} />
        <Button intent="primary" icon="tick" text="Accept top predictions" disabled={!hasAny || busy} onClick={acceptTop} />
      </div>
      <div className="predictions__grid">
        {targets.map((t) => (
          <Card key={t.key} compact aria-label={`${t.label} predictions`}>
            <H5>
              {t.label} <small className="bp6-text-muted">in product: {current(data, t.key) ?? 'none'}</small>
            </H5>
            {data[t.field].length === 0 ? (
              <div className="bp6-text-muted">No prediction</div>
            ) : (
              <HTMLTable compact className="predictions__table">
                <tbody>
                  {data[t.field].slice(0, 3).map((g) => (
                    <tr key={g.label}>
                      <td>{g.title}</td>
                      <td>
                        <Tag minimal round>
                          {percent(g.score)}
                        </Tag>
                      </td>
                      <td>
                        <span className="predictions__actions">
                          <Button size="small" intent="success" text="Accept" aria-label={`Accept ${t.label} ${g.title}`} disabled={busy} onClick={() => void accept({ [t.key]: g.label })} />
                          <Button size="small" intent="danger" variant="outlined" text="Reject" aria-label={`Reject ${t.label} ${g.title}`} disabled={busy} onClick={() => void reject(t.key, g)} />
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
            {data.evidence[t.key]?.length ? (
              <div className="predictions__evidence" aria-label={`${t.label} evidence`}>
                {data.evidence[t.key].slice(0, 6).map((e) => (
                  <Tag key={e.token} minimal title={`+${e.weight} bits`}>
                    {tokenLabel(e.token)}
                  </Tag>
                ))}
              </div>
            ) : null}
          </Card>
        ))}
      </div>
      <Card compact className="predictions__companies" aria-label="Companies">
        <H5>Companies</H5>
        <div className="predictions__company-search">
          <InputGroup aria-label="Company search" placeholder="Search companies (more than 2 characters)" value={query} onValueChange={setQuery} />
          <Button text="Add company" disabled={!query.trim() || busy} onClick={() => void addCompany(query.trim())} />
        </div>
        {found.length ? (
          <div className="predictions__evidence" aria-label="Company search results">
            {found.map((c) => (
              <Button key={c.companyID} size="small" variant="outlined" icon="add" text={c.companyName} onClick={() => void addCompany(c.companyName)} />
            ))}
          </div>
        ) : null}
        {data.emailCompanies.length ? (
          <HTMLTable compact>
            <tbody>
              {data.emailCompanies.map((c) => (
                <tr key={c.id} className={c.deleted ? 'bp6-text-disabled' : undefined}>
                  <td>{c.companyName}</td>
                  <td>{c.deleted ? 'deleted' : ''}</td>
                  <td>
                    {c.deleted ? (
                      <Button size="small" text="Restore" onClick={() => void act(async () => (await predictionsApi.restoreCompany(muid, c.id), `Company ${c.companyName} restored.`))} />
                    ) : (
                      <Button size="small" intent="danger" variant="minimal" text="Delete" onClick={() => void act(async () => (await predictionsApi.deleteCompany(c.id), `Company ${c.companyName} deleted.`))} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
      </Card>
      <Card compact>
        <H5>Text extraction</H5>
        <pre className="predictions__text" aria-label="Text extraction">
          {data.text}
        </pre>
      </Card>
      {data.feedback.length ? (
        <Card compact>
          <H5>Feedback</H5>
          <HTMLTable compact>
            <tbody>
              {data.feedback.map((f, i) => (
                <tr key={i}>
                  <td>{f.verdict}</td>
                  <td>{f.target}</td>
                  <td>{f.label}</td>
                  <td>{f.username}</td>
                  <td>{formatUtcSeconds(f.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      ) : null}
      <MessageDialog message={message} onClose={() => setMessage(null)} />
      <OverlayToaster ref={toaster} position="top" />
    </section>
  );
}
