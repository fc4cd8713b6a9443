import { Button, Callout, Card, H3, H5, HTMLTable, OverlayToaster, Spinner, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { EmailCompany, EmailPredictions, Guess, ModelVariant, PredictionTarget } from '../../api/predictionTypes';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { usePredictions } from '../../api/hooks/spaceyHooks';
import { CompaniesCard, type CompanyChoice } from './CompaniesCard';
import { MessageDialog } from '../../ui/dashboard/MessageDialog';
import { useKeptFocus } from '../../ui/focus/useKeptFocus';
import { openPopup } from '../../ui/dashboard/openPopup';
import { percent, useSpaceyMeta, variantQuery, type CodeOf, type SpaceyMeta } from './spaceyMeta';
import { formatEmailDate } from '../../shared/formatEmailDate';
import './predictions.css';

type TargetMeta = { key: PredictionTarget; label: string; field: 'sectors' | 'cateegory' | 'mailingtypename' | 'companies' };
/** What the email's product holds now, per target (000 §3 orginalsector, orginalcategory, mtypeNameorginal). */
const current = (p: EmailPredictions, t: PredictionTarget): string | null =>
  !p.product ? null : t === 'sector' ? p.product.orginalsector : t === 'category' ? p.product.orginalcategory : t === 'mailing_type' ? p.product.mtypeNameorginal : p.product.companies.join(', ') || null;
const tokenLabel = (token: string) => token.replace(/^(domain|host|subject|sender):/, '$1 ');

/** /company/{muid}, /companynew/{muid}, /companynew1/{muid}: 'Predictions for MUID' with accept, reject and companies. */
export function PredictionsScreen() {
  const { meta, error, code } = useSpaceyMeta();
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!meta || !code) return <Spinner aria-label="Loading metadata" />;
  return <Predictions spaceyMeta={meta} code={code} />;
}

function Predictions({ spaceyMeta, code }: { spaceyMeta: SpaceyMeta; code: CodeOf }) {
  const screen = spaceyMeta.predictionScreen;
  // An email's company is deleted or not: its flag's table is named by the screen's metadata.
  const companyDeleted = (key: 'yes' | 'no') => code(screen.companyDeleted.$ref, key);
  const m = spaceyMeta.messages;
  const targets = screen.targets as TargetMeta[];
  const muid = Number(useParams().muid);
  const [params] = useSearchParams();
  const variant: ModelVariant = params.get('variant') === '2019' ? '2019' : 'current';
  const api = usePortalApi();
  const predictions = usePredictions(muid, variant);
  const { data, mutate } = predictions;
  const error = predictions.error?.message ?? null;
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toaster = useRef<OverlayToaster | null>(null);
  const rememberFocus = useKeptFocus(busy);

  /** Runs a write and shows what it did; `after` puts the server's answer in the cache (default: read the email's predictions again). */
  const act = async <T,>(write: () => Promise<T>, done: (answer: T) => string, after?: (answer: T) => (d?: EmailPredictions) => EmailPredictions | undefined): Promise<boolean> => {
    rememberFocus();
    setBusy(true);
    try {
      const answer = await write();
      toaster.current?.show({ message: done(answer), intent: 'success', timeout: 4000 });
      await (after ? mutate(after(answer), { revalidate: false }) : mutate());
      return true;
    } catch (e) {
      setMessage((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const accept = (body: Partial<Record<PredictionTarget, string>>) => act(() => api.spacey.accept(muid, body), (r) => r.msg);
  const reject = (t: PredictionTarget, g: Guess) => act(() => api.spacey.reject(muid, t, g.label), (r) => r.msg ?? m.rejected);
  const acceptTop = () => {
    if (!data) return;
    const body: Partial<Record<PredictionTarget, string>> = {};
    for (const t of targets) {
      const g = data[t.field][0];
      if (g) body[t.key] = g.label;
    }
    void accept(body);
  };
  const setCompanies = (f: (cs: EmailCompany[]) => EmailCompany[]) => (d?: EmailPredictions) => (d ? { ...d, emailCompanies: f(d.emailCompanies) } : d);
  const addCompany = (choice: CompanyChoice) =>
    act(
      () => api.spacey.addCompany(muid, choice),
      (r) => m.companyAdded.replace('{name}', r.companyName),
      (r) => setCompanies((cs) => [...cs, { id: r.id, companyID: r.companyID, companyName: r.companyName, deleted: companyDeleted('no') }]),
    );
  const markCompany = (c: EmailCompany, deleted: number) => setCompanies((cs) => cs.map((x) => (x.id === c.id ? { ...x, deleted } : x)));
  const deleteCompany = (c: EmailCompany) => void act(() => api.spacey.deleteCompany(c.id), () => `Company ${c.companyName} deleted.`, () => markCompany(c, companyDeleted('yes')));
  const restoreCompany = (c: EmailCompany) => void act(() => api.spacey.restoreCompany(muid, c.id), () => `Company ${c.companyName} restored.`, () => markCompany(c, companyDeleted('no')));

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
        <span>{formatEmailDate(data.email_date)}</span>
      </div>
      <div className="predictions__head">
        <span role="status">{data.model_version ? `Model v${data.model_version} (${variant}), trained ${formatEmailDate(data.training_datetime)}` : m.noModel}</span>
        <span>{data.product ? `Product ${data.product.product_id} (entry ${data.product.entry_id ?? 'none'})` : 'No product yet: Accept creates a draft product for this email.'}</span>
        <Button icon="highlight" text="Visual annotation" onClick={() => openPopup(screen.visualize.path.replace('{variantQuery}', variantQuery(variant)).replace('{muid}', String(muid)), screen.visualize.popup)} />
        <Button intent="primary" icon="tick" text="Accept top predictions" disabled={!hasAny || busy} onClick={acceptTop} />
      </div>
      <div className="predictions__grid">
        {targets.map((t) => (
          <Card key={t.key} compact aria-label={`${t.label} predictions`} data-focus-group>
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
      <CompaniesCard
        companies={data.emailCompanies}
        minLength={screen.companySearchMinLength}
        busy={busy}
        newCompanyQuestion={m.newCompany}
        onAdd={addCompany}
        onDelete={deleteCompany}
        onRestore={restoreCompany}
      />
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
                  <td>{targets.find((t) => t.key === f.target)?.label ?? f.target}</td>
                  <td title={`code ${f.label}`}>{f.title}</td>
                  <td>{f.username}</td>
                  <td>{formatEmailDate(f.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      ) : null}
      <MessageDialog message={message} onClose={() => setMessage(null)} />
      <OverlayToaster ref={toaster} position="bottom-right" />
    </section>
  );
}
