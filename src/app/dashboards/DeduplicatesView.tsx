import { Button, Card, Classes, DialogBody, H3, H5, HTMLSelect, InputGroup, Spinner, Switch } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog/Dialog';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DedupEmail, DedupGroup, DedupSortField } from '../../api/emailTypes';
import { useEmailBody } from '../../api/hooks/emailHooks';
import { useDedupCompare, useDedupList } from '../../api/hooks/logHooks';
import { DataTable } from '../../ui/dashboard/DataTable';
import { useDashboardMeta, type ColumnMeta } from './dashboardMeta';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { ListCell } from './ListCell';
import { Pager } from '../../ui/dashboard/Pager';
import { applySearchEdit, type Criteria } from '../../ui/dashboard/searchRules';
import { SafeEmailFrame } from '../../ui/html/SafeEmailFrame';
import { readDedupQuery, writeDedupQuery, type DedupQuery as Query } from './dedupListParams';

function EmailPane({ email, heading }: { email: DedupEmail; heading: string }) {
  const body = useEmailBody(email.muid).data;
  return (
    <div className="dedup-compare__pane">
      <H5>
        {heading}: {email.muid}
      </H5>
      <p className={Classes.TEXT_MUTED}>
        {email.email_subject} · {email.email_from_name || email.email_from_one} · {formatEmailDate(email.email_date)} · {email.match}
      </p>
      {/* The dialog's body holds 70vh and scrolls beyond it: the dropdown, the heading and a subject of two or three lines
          take ~170 px, so the frames (which scroll themselves) fit whole, never cut by a second scrollbar (55vh did at 768). */}
      {body ? <SafeEmailFrame html={body.html} text={body.text} title={`${heading} ${email.muid}`} height="calc(70vh - 170px)" /> : <Spinner size={20} />}
    </div>
  );
}

/** The compare modal: the original beside a duplicate chosen from a dropdown (000 §2). */
function CompareDialog({ groupId, onClose }: { groupId: number | null; onClose: () => void }) {
  const data = useDedupCompare(groupId).data;
  // The first duplicate until one is chosen from the dropdown.
  const [picked, setChosen] = useState<{ group: number; muid: number } | null>(null);
  const chosen = picked?.group === groupId ? picked.muid : (data?.duplicates[0]?.muid ?? null);
  const duplicate = data?.duplicates.find((d) => d.muid === chosen) ?? null;
  return (
    <Dialog isOpen={groupId !== null} onClose={onClose} title={`Duplicate group ${groupId ?? ''}`} style={{ width: '95vw' }}>
      <DialogBody>
        {data ? (
          <>
            <label>
              Duplicate{' '}
              <HTMLSelect aria-label="Duplicate" data-autofocus value={chosen ?? ''} onChange={(e) => setChosen({ group: groupId!, muid: Number(e.currentTarget.value) })} options={data.duplicates.map((d) => ({ value: d.muid, label: `${d.muid} (${d.match})` }))} />
            </label>
            <div className="dedup-compare">
              <EmailPane email={data.original} heading="Original" />
              {duplicate ? <EmailPane email={duplicate} heading="Duplicate" /> : null}
            </div>
          </>
        ) : (
          <Spinner />
        )}
      </DialogBody>
    </Dialog>
  );
}

/**
 * Deduplicates (000 §2, §4): search by ID (default) or Subject, sortable ascending first, subject
 * cut at 125 with '...', and a compare modal per row.
 */
export function DeduplicatesView() {
  const dm = useDashboardMeta();
  const meta = dm.dedup;
  // Page, size, sort and search live in the URL (as the email list's): Back, reload and a shared link keep them.
  const [params, setParams] = useSearchParams();
  const config = useMemo(
    () => ({ defaults: meta.defaults, pageSizes: dm.pageSizes, sorts: meta.columns.flatMap((c) => ('sort' in c && c.sort ? [c.sort] : [])), search: meta.search }),
    [meta, dm.pageSizes],
  );
  const query = useMemo(() => readDedupQuery(params, config), [params, config]);
  const setQuery = (next: (q: Query) => Query) => {
    const out = writeDedupQuery(next(query), config);
    // The same search again (Enter, then the button) adds no second history entry for Back to step through.
    setParams(out, { replace: out.toString() === params.toString() });
  };
  // The form starts from the applied search, and again whenever that changes (Back, a link).
  const appliedKey = JSON.stringify(query.search);
  const [typed, setTyped] = useState<{ key: string; form: Criteria }>({ key: appliedKey, form: query.search });
  const form = typed.key === appliedKey ? typed.form : query.search;
  const setForm = (fn: (f: Criteria) => Criteria) => setTyped({ key: appliedKey, form: fn(form) });
  const [open, setOpen] = useState<number | null>(null);
  const groups = useDedupList({
    search: { query: String(query.search.query ?? ''), by_id: query.search.by_id === true, by_subject: query.search.by_subject === true },
    payload: { page: query.page, perpage: query.perpage, tot_deduplicates: null, sorting_field: query.sorting_field, sorting_direction: query.sorting_direction },
  });
  // 000 §4 dedup search cycle: loading on, empty results, then the response, loading off.
  const loading = groups.isLoading;
  const result = groups.data ? (loading ? { ...groups.data, payload: [] } : groups.data) : null;

  const edit = (field: string, value: unknown) => setForm((f) => applySearchEdit(dm.dedupSearchRules, f, field, value).next);
  const onSort = (field: string) =>
    setQuery((q) => ({
      ...q,
      page: 1,
      sorting_field: field as DedupSortField,
      sorting_direction: q.sorting_field === field ? (q.sorting_direction === 'asc' ? 'desc' : 'asc') : (meta.sort.firstDirection as 'asc' | 'desc'),
    }));

  return (
    <section className="deduplicates" aria-label="Deduplicates">
      <H3>Deduplicates</H3>
      <Card compact>
        <form
          className="search-form"
          aria-label="Search duplicates"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery((q) => ({ ...q, page: 1, search: { ...form } }));
          }}
        >
          <InputGroup aria-label="Search" placeholder="Search duplicates" value={String(form.query ?? '')} onValueChange={(v) => edit('query', v)} style={{ width: 280 }} />
          {meta.search.toggles.map((t) => (
            <Switch key={t.key} inline label={t.label} checked={form[t.key] === true} onChange={(e) => edit(t.key, e.currentTarget.checked)} />
          ))}
          <Button type="submit" intent="primary" icon="search" text="Search" />
          {loading ? <Spinner size={16} aria-label="Loading" /> : null}
        </form>
      </Card>
      {result ? (
        <>
          <DataTable<DedupGroup>
            label="Duplicate groups"
            columns={meta.columns as ColumnMeta[]}
            rows={result.payload}
            emptyText={loading ? '' : meta.messages.noRecords}
            sort={{ field: query.sorting_field, direction: query.sorting_direction }}
            onSort={onSort}
            renderCell={(c, row) => (
              // One Tab stop per row (its ID), not one per cell; a click anywhere on the row still opens it.
              <button type="button" className="dedup-row" aria-label={c.key === 'ID' ? `Compare group ${row.ID}` : undefined} tabIndex={c.key === 'ID' ? undefined : -1} onClick={() => setOpen(row.ID)}>
                <ListCell column={c} row={row as unknown as Record<string, unknown>} />
              </button>
            )}
          />
          <Pager
            page={query.page}
            lastPage={result.lastPage}
            perpage={query.perpage}
            pageSizes={dm.pageSizes}
            total={result.tot_deduplicates}
            onPage={(page) => setQuery((q) => ({ ...q, page }))}
            onPerPage={(perpage) => setQuery((q) => ({ ...q, page: 1, perpage }))}
          />
        </>
      ) : (
        <Spinner aria-label="Loading duplicates" />
      )}
      <CompareDialog groupId={open} onClose={() => setOpen(null)} />
    </section>
  );
}
