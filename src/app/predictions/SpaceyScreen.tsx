import { Button, Callout, Card, FormGroup, H3, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SearchCriteria } from '../../api/emailTypes';
import type { Guess, ModelVariant, SenderSearchBy, SpaceyRow } from '../../api/predictionTypes';
import { useRawData, useStates } from '../../api/hooks/emailHooks';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { useSpaceyList } from '../../api/hooks/spaceyHooks';
import { PlainTabs } from '../../ui/plain/PlainTabs';
import { cleanSubject, truncateText } from '../dashboards/cleanSubject';
import { DataTable } from '../../ui/dashboard/DataTable';
import { useDashboardMeta } from '../dashboards/dashboardMeta';
import { fillPath } from '../../ui/dashboard/fillPath';
import { MessageDialog } from '../../ui/dashboard/MessageDialog';
import { openPopup } from '../../ui/dashboard/openPopup';
import { Pager } from '../../ui/dashboard/Pager';
import { acceptProductId } from '../dashboards/productIdInput';
import { SearchForm } from '../../ui/dashboard/SearchForm';
import { applySearchEdit, checkSearch, type Criteria } from '../../ui/dashboard/searchRules';
import { DashboardMetaProvider } from '../dashboards/DashboardMetaProvider';
import { statesKeyOf } from '../dashboards/dashboardConfig';
import { SenderDetails } from './SenderDetails';
import { columnsOf, formatUtcSeconds, percent, rowActionsOf, useSpaceyMeta, variantQuery, type SpaceyMeta } from './spaceyMeta';
import './predictions.css';


function GuessCell({ guess }: { guess: Guess | null }) {
  if (!guess) return <span className="spacey-guess spacey-guess--none">none</span>;
  return (
    <span className="spacey-guess" title={`${guess.title}: score ${guess.score}`}>
      <span className="spacey-guess__title">{guess.title}</span>
      <Tag minimal round intent={guess.score >= 0.8 ? 'success' : guess.score >= 0.5 ? 'primary' : 'none'}>
        {percent(guess.score)}
      </Tag>
    </span>
  );
}

/** /spacy and /spacy?variant=2019 (000 §2 "Predictions list"): emails with their predictions and scores. */
export function SpaceyScreen() {
  const { meta, error } = useSpaceyMeta();
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!meta) return <Spinner aria-label="Loading metadata" />;
  return (
    <DashboardMetaProvider>
      <SpaceyDashboard spaceyMeta={meta} />
    </DashboardMetaProvider>
  );
}

interface SpaceyView {
  page: number;
  perpage: number;
  sorting_field: string;
  sorting_direction: 'asc' | 'desc';
}
interface SpaceyPlace {
  view: SpaceyView;
  applied: Criteria | null;
}

function SpaceyDashboard({ spaceyMeta }: { spaceyMeta: SpaceyMeta }) {
  const dm = useDashboardMeta();
  const m = spaceyMeta.messages;
  const spaceyColumns = columnsOf(spaceyMeta);
  const spaceyRowActions = rowActionsOf(spaceyMeta);
  const spaceyPageSizes = dm.codeEntries(spaceyMeta.pageSizes.$ref).map((e) => Number(e.const));
  const emailSearchRuleFile = dm.emailSearchRules;
  // The spacey list holds emails of every status, so the search starts with every email type on.
  const initialCriteria = (): Criteria => ({ ...(dm.search['x-defaults'] as Criteria), show_blank: true, show_unused: true, show_used: true, show_copy: true, show_junk: true });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const variant: ModelVariant = params.get('variant') === '2019' ? '2019' : 'current';
  // The place in the list (page, size, sort, applied search) is kept in this history entry's state:
  // a reload, or Back to the entry, shows the same page of the same search (issue 28 item 1).
  const location = useLocation();
  const place = (location.state as { spaceyPlace?: SpaceyPlace } | null)?.spaceyPlace;
  const [view, setView] = useState<SpaceyView>(
    () => place?.view ?? { page: 1, perpage: spaceyMeta.defaults.perpage, sorting_field: spaceyMeta.defaults.sorting_field, sorting_direction: spaceyMeta.defaults.sorting_direction as 'asc' | 'desc' },
  );
  const [criteria, setCriteria] = useState<Criteria>(() => place?.applied ?? initialCriteria());
  const [applied, setApplied] = useState<Criteria | null>(place?.applied ?? null);
  useEffect(() => {
    const next: SpaceyPlace = { view, applied };
    if (JSON.stringify(next) === JSON.stringify(place ?? null)) return;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: { ...(location.state as object | null), spaceyPlace: next } });
  }, [view, applied, place, navigate, location]);
  const [message, setMessage] = useState<string | null>(null);
  const [productId, setProductId] = useState('');
  const api = usePortalApi();
  const raw = useRawData().data;
  const states = useStates(statesKeyOf(criteria)).data;
  const list = useSpaceyList({ ...view, variant, search: applied as unknown as SearchCriteria | null });
  const data = list.data;

  const fields = useMemo(() => dm.searchFields(), [dm]);
  const lists = useMemo(
    () => ({ states: (states ?? []).map((x) => ({ value: String(x.stateID), label: x.stateName })), partition: (raw?.partition ?? []).map((p) => ({ value: p, label: p })) }),
    [states, raw],
  );
  const onSearch = () => {
    const problem = checkSearch(emailSearchRuleFile, criteria);
    if (problem) return setMessage(problem);
    setApplied({ ...criteria });
    setView((v) => ({ ...v, page: 1 }));
  };
  const onClear = () => {
    setCriteria(initialCriteria());
    setApplied(null);
    setView((v) => ({ ...v, page: 1 }));
  };
  const onEdit = (field: string, value: unknown) => {
    const { next, message: problem } = applySearchEdit(emailSearchRuleFile, criteria, field, value);
    setCriteria(next);
    if (problem) setMessage(problem);
  };
  /** A sender suggestion searches the field it came from (issue 28 item 9). */
  const pickSender = (s: string, by: SenderSearchBy) => {
    const query = by === 'email' ? (/<([^>]+)>/.exec(s)?.[1] ?? s) : s;
    setCriteria((c) => ({ ...c, query, by_id: false, by_subject: false, by_body: false, by_sender_name: by === 'name', by_sender_email: by === 'email' }));
  };
  const onProductId = (typed: string) => {
    const { value, rejected } = acceptProductId(typed, spaceyMeta.productIdPattern);
    setProductId(value);
    if (rejected) setMessage(m.invalidProductId);
  };
  /** 000 §7: in the spacey list a Used email's id asks for the entry id by its panelist. */
  const onId = async (row: SpaceyRow) => {
    if (row.deleted !== dm.status.code('used') || row.panelist_id === null) {
      window.open(`/spaceyemail/${row.muid}`, '_blank', 'noopener');
      return;
    }
    try {
      const r = await api.spacey.entryOfPanelist(row.panelist_id);
      setMessage(r.entryID ? `Entry ID: ${r.entryID}` : m.noEntryForPanelist);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  const onFind = () => {
    if (!productId.trim()) return setMessage(m.productIdEmpty);
    openPopup(`/product/v2/${encodeURIComponent(productId.trim())}`, { width: 900, height: 700 });
  };

  const renderCell = (c: (typeof spaceyColumns)[number], row: SpaceyRow) => {
    switch (c.kind) {
      case 'id':
        return (
          <a href={`/spaceyemail/${row.muid}`} onClick={(e) => (e.preventDefault(), void onId(row))}>
            {row.muid}
          </a>
        );
      case 'subject':
        return <span title={cleanSubject(row.email_subject)}>{truncateText(cleanSubject(row.email_subject), c.maxLength ?? 60, ' . . .')}</span>;
      case 'utcDate':
        return <span>{formatUtcSeconds(row.email_date)}</span>;
      case 'guess':
        return <GuessCell guess={(c.field === 'company' ? row.company : row.sector) ?? null} />;
      case 'actions':
        return (
          <span className="email-actions">
            {spaceyRowActions.map((a) => (
              <Button
                key={a.key}
                variant="minimal"
                size="small"
                icon={a.icon as never}
                title={a.label}
                aria-label={`${a.label} ${row.muid}`}
                onClick={() => openPopup(fillPath(a.path.replace('{variantQuery}', variantQuery(variant)), { ...row, emaildate: row.email_date ?? 'none' }), a.popup)}
              />
            ))}
          </span>
        );
      default:
        return <span>{String(c.field ? (row as unknown as Record<string, unknown>)[c.field] ?? '' : '')}</span>;
    }
  };

  const title = spaceyMeta.variants.find((v) => v.key === variant)?.label ?? 'Spacey';
  return (
    <section className="email-dashboard spacey" aria-label={`${title} dashboard`}>
      <H3 className="email-dashboard__title">{title} dashboard</H3>
      <PlainTabs id="spacey-variants" tabs={spaceyMeta.variants.map((v) => ({ id: v.key, title: v.label }))} selectedTabId={variant} onChange={(id) => navigate(spaceyMeta.variants.find((v) => v.key === id)?.path ?? '/spacy')} />
      <Card className="email-dashboard__search" compact>
        <SearchForm fields={fields} value={criteria} onEdit={onEdit} onSearch={onSearch} onClear={onClear} lists={lists} flags={[]} days={raw?.days ?? []} months={raw?.months ?? []} years={raw?.years ?? []} codeEntries={dm.codeEntries} />
        <SenderDetails minLength={spaceyMeta.predictionScreen.companySearchMinLength} onPick={pickSender} />
      </Card>
      {list.error ? <Callout intent="danger">{list.error.message}</Callout> : null}
      {data ? (
        <>
          <div className="spacey__model" role="status">
            {data.model ? `Model v${data.model.version}, trained ${formatUtcSeconds(data.model.trained_at)}: ${data.totalSpaceyEmails} emails with predictions` : m.noModel}
          </div>
          <DataTable<SpaceyRow>
            label="Predictions"
            columns={spaceyColumns}
            rows={data.payload}
            emptyText={m.noRecords}
            sort={{ field: view.sorting_field, direction: view.sorting_direction }}
            onSort={(field) => setView((v) => ({ ...v, page: 1, sorting_field: field, sorting_direction: v.sorting_field === field && v.sorting_direction === 'desc' ? 'asc' : 'desc' }))}
            dependencies={[variant]}
            renderCell={renderCell}
          />
          <Pager page={view.page} lastPage={data.lastPage} perpage={view.perpage} pageSizes={spaceyPageSizes} onPage={(page) => setView((v) => ({ ...v, page }))} onPerPage={(perpage) => setView((v) => ({ ...v, page: 1, perpage }))} total={data.totalSpaceyEmails} />
        </>
      ) : (
        <Spinner aria-label="Loading predictions" />
      )}
      {/* A form: Enter in the box opens the product as the button does (it was silently ignored). */}
      <form
        aria-label="Open product"
        onSubmit={(e) => {
          e.preventDefault();
          onFind();
        }}
      >
        <FormGroup className="email-dashboard__assign" label="Product ID" labelFor="spacey-product-id" inline>
          <InputGroup id="spacey-product-id" aria-label="Product ID" value={productId} onValueChange={onProductId} placeholder="Entry ID or MUID" />
          <Button type="submit" text="Open product" />
        </FormGroup>
      </form>
      <MessageDialog message={message} onClose={() => setMessage(null)} />
    </section>
  );
}
