import { Classes, Intent, Spinner } from '@blueprintjs/core';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DashboardRequest, DashboardResponse, DashboardType, EmailItem, EmailSortField, PagingMarker, PanelistTypeFilter, RawData, SearchCriteria, StateItem } from '../../api/emailTypes';
import { ListTable } from '../../ui/dashboard/ListTable';
import { planBulkStatus } from './bulkStatus';
import { useDashboardMeta } from './dashboardMeta';
import { useEmailApi } from './EmailApi';
import { EmailCell, type RowMark } from './EmailCell';
import { EmailToolbar } from './EmailToolbar';
import { ConfirmDialog, MessageDialog } from '../../ui/dashboard/MessageDialog';
import { Pager } from '../../ui/dashboard/Pager';
import { acceptProductId } from './productIdInput';
import { SearchForm } from '../../ui/dashboard/SearchForm';
import { applySearchEdit, checkSearch, type Criteria } from '../../ui/dashboard/searchRules';
import { useStickyHeader } from '../../ui/dashboard/useStickyHeader';
import { useStableCallback } from '../../ui/dashboard/useStableCallback';
import { PlainButton } from '../../ui/plain/PlainButton';
import { PlainInput } from '../../ui/plain/PlainInput';
import { PlainTabs } from '../../ui/plain/PlainTabs';
import { configOf, requestOf, statesKeyOf, type View } from './dashboardConfig';
import { copyRequestEvent } from '../../ui/shell/copyRequestEvent';
import { showDashboardToast } from './dashboardToaster';

const stateOption = (s: StateItem) => ({ value: String(s.stateID), label: s.stateName });

/** No date parts before raw data answered (one array, so the memoised search fields stay put). */
const noParts: string[] = [];

interface EmailDashboardProps {
  panelistType: PanelistTypeFilter;
  dashboard: DashboardType;
  /** Navigates to another tab's route. */
  onTab: (path: string) => void;
  /** Opens an app path (detail, editor) in this window or a new tab. */
  onOpen: (path: string, newTab: boolean) => void;
  /** Called once the first page is on screen (render time). */
  onReady?: () => void;
}

/**
 * The Focus / e-Glacier email dashboard (000 §2-§5), drawn from schemas/dashboards/emails.json and
 * email_search.json with the search rules of rules/dashboards/email_search.json.
 *
 * Memoised: its page re-renders once the first rows are on screen (the render time), which must not
 * redraw the list, the form and the pager (issue 17, first load).
 */
export const EmailDashboard = memo(function EmailDashboard({ panelistType, dashboard, onTab, onOpen, onReady }: EmailDashboardProps) {
  const api = useEmailApi();
  const dm = useDashboardMeta();
  const config = useMemo(() => configOf(dm), [dm]);
  const { meta, m, rules, initialView, searchReset, clearReset, switchReset, criteriaFor } = config;
  const dash = config.dashboardOf(dashboard);
  // The answers the page's boot already holds are drawn in the first render (issue 17: first load):
  // no spinner render, no second render of the search form when raw data comes, no third for rows.
  const [boot] = useState(() => {
    const r = api.settledRawData?.() ?? null;
    if (!r) return null;
    const c = criteriaFor(dashboard, r.newestDay);
    const v: View = { ...initialView(), ...switchReset, applied: c };
    const res = api.settledSearch?.(c as unknown as SearchCriteria, requestOf(v, panelistType, dashboard, null)) ?? null;
    return { raw: r, criteria: c, view: v, res };
  });
  const [view, setView] = useState<View>(() => boot?.view ?? initialView());
  const [criteria, setCriteria] = useState<Criteria>(() => boot?.criteria ?? criteriaFor(dashboard, null));
  /** The newest email's day, once raw data answered (or failed: undefined). The first list waits for it. */
  const [newestDay, setNewestDay] = useState<string | null | undefined>(boot ? boot.raw.newestDay : undefined);
  const [data, setData] = useState<DashboardResponse | null>(boot?.res ?? null);
  const [rows, setRows] = useState<EmailItem[]>(boot?.res?.payload ?? []);
  const [loading, setLoading] = useState(false);
  const [raw, setRaw] = useState<RawData | null>(boot?.raw ?? null);
  const [bootStates] = useState(() => api.settledStates?.(statesKeyOf(boot?.criteria ?? criteriaFor(dashboard, null))) ?? null);
  const [states, setStates] = useState<Array<{ value: string; label: string }>>(() => (bootStates ?? []).map(stateOption));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  /** Copy toggles not saved yet: muid -> the status shown (000 §4). */
  const [pending, setPending] = useState<Map<number, number>>(new Map());
  const [marks, setMarks] = useState<Map<number, RowMark>>(new Map());
  const [productId, setProductId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ text: string; go: () => void } | null>(null);
  const marker = useRef<{ paging: PagingMarker | null; totals: number | null }>(
    boot?.res ? { paging: boot.res.paging, totals: boot.res.totalIsEstimate ? null : boot.res.totalEmails } : { paging: null, totals: null },
  );
  /** The boot's answers stand for the first raw-data and search effects (each skips once). */
  const skipRaw = useRef(boot !== null);
  const skipSearch = useRef(boot?.res != null);
  const skipStates = useRef(bootStates !== null);
  const [reloads, setReloads] = useState(0);
  const [bulkBusy, setBulkBusy] = useState(false);
  const readyOnce = useRef(false);
  const barRef = useRef<HTMLDivElement | null>(null);
  const stuck = useStickyHeader(barRef, meta.stickyHeader);

  // The first screen is the default search (000 §9): it needs the newest email's day. Switching
  // dashboards mounts a new dashboard (EmailDashboardPage keys it), so one request per switch.
  useEffect(() => {
    if (skipRaw.current) {
      skipRaw.current = false;
      return;
    }
    let live = true;
    const start = (day: string | null) => {
      if (!live) return;
      const c = criteriaFor(dashboard, day);
      setNewestDay(day);
      setCriteria(c);
      setView((v) => ({ ...v, ...switchReset, applied: c }));
    };
    api.rawData().then(
      (r) => {
        if (!live) return;
        setRaw(r);
        start(r.newestDay);
      },
      () => start(null),
    );
    return () => {
      live = false;
    };
  }, [api, dashboard, criteriaFor, switchReset]);
  const statesKey = statesKeyOf(criteria);
  useEffect(() => {
    if (skipStates.current) {
      skipStates.current = false;
      return;
    }
    let live = true;
    api.states(statesKey).then((s) => live && setStates(s.map(stateOption)), () => undefined);
    return () => {
      live = false;
    };
  }, [api, statesKey]);

  useEffect(() => {
    if (view.applied === undefined) return;
    if (skipSearch.current) {
      skipSearch.current = false;
      if (!readyOnce.current) {
        readyOnce.current = true;
        onReady?.();
      }
      return;
    }
    let live = true;
    const request: DashboardRequest = requestOf(view, panelistType, dashboard, marker.current);
    setLoading(true);
    const call = view.applied ? api.search(view.applied as unknown as SearchCriteria, request) : api.list(request);
    call.then(
      (res) => {
        if (!live) return;
        marker.current = { paging: res.paging, totals: res.totalIsEstimate ? null : res.totalEmails };
        setData(res);
        setRows(res.payload);
        setLoading(false);
        if (!readyOnce.current) {
          readyOnce.current = true;
          onReady?.();
        }
      },
      (err: Error) => {
        if (!live) return;
        setLoading(false);
        setMessage(err.message);
      },
    );
    return () => {
      live = false;
    };
  }, [api, view, panelistType, dashboard, reloads, onReady]);

  const reload = useCallback(() => {
    marker.current = { paging: null, totals: null };
    setReloads((n) => n + 1);
  }, []);

  /** 000 §5: page changes, searches and clears ask first while copy toggles are unsaved. */
  const guarded = (go: () => void) => {
    if (pending.size > 0) setConfirm({ text: m.unsaved, go });
    else go();
  };
  const discardAnd = (go: () => void) => () => {
    setPending(new Map());
    setSelected(new Set());
    go();
  };

  const onSort = (field: string) =>
    setView((v) => ({
      ...v,
      page: 1,
      sorting_field: field as EmailSortField,
      sorting_direction: v.sorting_field === field ? (v.sorting_direction === 'desc' ? 'asc' : 'desc') : (meta.sort.firstDirection as 'asc' | 'desc'),
    }));
  const onPage = (page: number) => guarded(discardAnd(() => setView((v) => ({ ...v, page }))));
  const onPerPage = (perpage: number) => guarded(discardAnd(() => setView((v) => ({ ...v, page: 1, perpage }))));

  // Stable: the search form's fields are memoised and redraw only when their own values change.
  const onSearch = useStableCallback(() => {
    const problem = checkSearch(rules, criteria);
    if (problem) return setMessage(problem);
    guarded(discardAnd(() => setView((v) => ({ ...v, ...searchReset, applied: { ...criteria } }))));
  });
  const onClear = useStableCallback(() =>
    guarded(
      discardAnd(() => {
        const c = criteriaFor(dashboard, newestDay);
        setCriteria(c);
        setView({ ...initialView(), ...clearReset, applied: c });
      }),
    ),
  );
  const onEdit = useStableCallback((field: string, value: unknown) => {
    const { next, message: problem } = applySearchEdit(rules, criteria, field, value);
    setCriteria(next);
    if (problem) setMessage(problem);
  });

  const patchRow = (muid: number, patch: Partial<EmailItem>) => setRows((rs) => rs.map((r) => (r.muid === muid ? { ...r, ...patch } : r)));
  const mark = (muid: number, value: RowMark | null) =>
    setMarks((ms) => {
      const n = new Map(ms);
      if (value) n.set(muid, value);
      else n.delete(muid);
      return n;
    });

  const onStatus = async (row: EmailItem, deleted: number) => {
    mark(row.muid, 'saving');
    try {
      await api.update([{ muid: row.muid, deleted, panelist_core: row.panelist_core, panelist_score: row.panelist_score, email_read: 1, index_name: row.index_name }]);
      patchRow(row.muid, { deleted, email_read: 1 });
      mark(row.muid, 'done');
      setTimeout(() => setMarks((ms) => (ms.get(row.muid) === 'done' ? (ms.delete(row.muid), new Map(ms)) : ms)), meta.doneBadgeMs);
    } catch (err) {
      mark(row.muid, null);
      setMessage((err as Error).message);
    }
  };
  const onFlag = async (row: EmailItem, on: boolean) => {
    try {
      await api.update([{ muid: row.muid, panelist_core: on ? 1 : 0, index_name: row.index_name }]);
      patchRow(row.muid, { panelist_core: on ? 1 : 0 });
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  const onRead = async (row: EmailItem) => {
    const email_read = row.email_read === 1 ? 0 : 1;
    try {
      await api.update([{ muid: row.muid, email_read, index_name: row.index_name }]);
      patchRow(row.muid, { email_read });
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  const onPoints = async (row: EmailItem, score: string) => {
    try {
      const res = await api.updateScore(row.muid, score, row.index_name);
      if (res.status === 'ok') {
        patchRow(row.muid, { panelist_score: score });
        showDashboardToast({ message: m.pointsUpdated, intent: Intent.SUCCESS, timeout: 3000 });
      } else showDashboardToast({ message: res.payload?.msg ?? 'Error', intent: Intent.DANGER });
    } catch (err) {
      showDashboardToast({ message: (err as Error).message, intent: Intent.DANGER });
    }
  };
  const onOpenEmail = (row: EmailItem, path: string, newTab: boolean) => {
    // 000 §4: opening an unread email marks it read.
    if (row.email_read === 0) {
      patchRow(row.muid, { email_read: 1 });
      api.readEmail(row.muid).catch(() => undefined);
    }
    onOpen(path, newTab);
  };
  const onUsedId = async (row: EmailItem) => {
    try {
      const res = await api.lookupCopy(row.muid);
      setMessage(res.entryID ? `Entry ID: ${res.entryID}` : res.muid ? `MUID: ${res.muid}` : (res.msg ?? m.productMissing));
    } catch (err) {
      setMessage((err as Error).message);
    }
  };

  /** 000 §4: with a product id set, checking turns an email into Copy unless Used; unchecking restores it. */
  const toggle = (row: EmailItem, on: boolean) => {
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(row.muid);
      else n.delete(row.muid);
      return n;
    });
    setPending((p) => {
      const n = new Map(p);
      if (on && productId && row.deleted !== config.used) n.set(row.muid, config.copy);
      else n.delete(row.muid);
      return n;
    });
  };
  const toggleAll = (on: boolean) => {
    for (const r of rows) toggle(r, on);
  };

  const onProductId = (typed: string) => {
    const { value, rejected } = acceptProductId(typed, meta.productIdPattern);
    setProductId(value);
    if (rejected) setMessage(m.invalidProductId);
    if (!value) setPending(new Map());
  };

  const selectedRows = rows.filter((r) => selected.has(r.muid));
  const onMove = async (to: 'glacier' | 'focus') => {
    if (selectedRows.length === 0) return setMessage(m.selectEmail);
    if (to === 'glacier' && selectedRows.some((r) => dm.status.glacierRefused.includes(r.deleted))) return setMessage(m.usedCopyGlacier);
    try {
      await api.move(selectedRows.map((r) => r.muid), to);
      setSelected(new Set());
      setPending(new Map());
      reload();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  /** 000 §4-§5: one status for every checked email; more than one may only become Copy. */
  const onBulkStatus = async (status: number) => {
    const plan = planBulkStatus(selectedRows, status, { bulkStatuses: dm.status.bulk, lockedStatuses: dm.status.locked, messages: m });
    if ('message' in plan) return setMessage(plan.message);
    setBulkBusy(true);
    try {
      await api.update(plan.updates);
      setSelected(new Set());
      setPending(new Map());
      reload();
    } catch (err) {
      setMessage((err as Error).message);
    } finally {
      setBulkBusy(false);
    }
  };
  // The header's Copy button (000 §5): the ticked emails become Copy, as the bulk Set status does.
  const onCopyRequest = useRef<() => void>(() => undefined);
  onCopyRequest.current = () => void onBulkStatus(config.copy);
  useEffect(() => {
    const listener = () => onCopyRequest.current();
    window.addEventListener(copyRequestEvent, listener);
    return () => window.removeEventListener(copyRequestEvent, listener);
  }, []);
  const onAssign = async () => {
    // 000 §5: Update with nothing selected asks for a selection first.
    if (selectedRows.length === 0) return setMessage(m.selectEmail);
    if (!productId.trim()) return setMessage(m.productIdEmpty);
    try {
      const res = await api.assignCopy(selectedRows.map((r) => r.muid), productId.trim());
      if (res.status) {
        // The saved status becomes the original one; the checks are cleared.
        setRows((rs) => rs.map((r) => (res.muids.includes(r.muid) ? { ...r, deleted: config.copy } : r)));
        setSelected(new Set());
        setPending(new Map());
      }
      setMessage(res.msg);
    } catch (err) {
      setMessage((err as Error).message);
    }
  };

  const producer = panelistType === 'producer';
  const flags = producer ? meta.flags.producer : meta.flags.default;
  const scores = producer ? meta.scores.producer : meta.scores.default;
  const fields = useMemo(() => dm.searchFields(), [dm]);
  const lists = useMemo(() => ({ states, partition: (raw?.partition ?? []).map((p) => ({ value: p, label: p })) }), [states, raw]);
  const toolbar = dm.toolbarItems.filter((t) => t.dashboards.includes(dashboard));
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if ((message !== null || confirm !== null) && !dialogsUsed) setDialogsUsed(true);
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.muid));

  return (
    <section className="email-dashboard" aria-label={`${dash.label} dashboard`}>
      <h3 className={`${Classes.HEADING} email-dashboard__title`}>{dash.label} dashboard</h3>
      {dash.showTabs ? (
        // Blueprint's Tabs markup without its indicator: the sliding indicator measured the tab on
        // mount, a forced layout of the whole page in the first render (issue 17); each tab is a
        // route that remounts the dashboard, so it never slid, and the selected tab keeps the underline.
        <PlainTabs id="panelist-tabs" tabs={meta.tabs.map((t) => ({ id: t.key, title: t.label }))} selectedTabId={panelistType} onChange={(id) => onTab(meta.tabs.find((t) => t.key === id)?.path ?? '/')} />
      ) : null}
      <div className={`email-dashboard__search ${Classes.CARD} ${Classes.ELEVATION_0} ${Classes.COMPACT}`}>
        <SearchForm
          fields={fields}
          value={criteria}
          onEdit={onEdit}
          onSearch={onSearch}
          onClear={onClear}
          lists={lists}
          flags={flags}
          days={raw?.days ?? noParts}
          months={raw?.months ?? noParts}
          years={raw?.years ?? noParts}
          codeEntries={dm.codeEntries}
        />
      </div>
      <div ref={barRef} className={stuck ? 'email-dashboard__bar email-dashboard__bar--stuck' : 'email-dashboard__bar'} data-sticky={stuck}>
        <EmailToolbar items={toolbar} loading={loading} busy={bulkBusy} onMove={(t) => onMove(t.key as 'glacier' | 'focus')} onBulkStatus={onBulkStatus} />
      </div>
      {data ? (
        <>
          <ListTable<EmailItem>
            label="Emails"
            columns={dm.emailColumns}
            rows={rows}
            rowKey={(r) => r.muid}
            emptyText={m.noRecords}
            sort={{ field: view.sorting_field, direction: view.sorting_direction }}
            onSort={onSort}
            renderHeader={(c) =>
              c.kind === 'checkbox' ? (
                <input type="checkbox" aria-label="Select all" checked={allChecked} onChange={(e) => toggleAll(e.currentTarget.checked)} />
              ) : undefined
            }
            renderCell={(c, row) => (
              <EmailCell
                column={c}
                row={row}
                checked={selected.has(row.muid)}
                shownStatus={pending.get(row.muid) ?? row.deleted}
                mark={marks.get(row.muid) ?? null}
                scores={scores}
                actions={{ onStatus, onFlag, onRead, onPoints, onToggle: toggle, onOpenEmail, onUsedId }}
              />
            )}
          />
          <Pager
            page={view.page}
            lastPage={data.lastPage}
            perpage={view.perpage}
            pageSizes={dm.pageSizes}
            onPage={onPage}
            onPerPage={onPerPage}
            total={data.totalEmails}
            totalIsEstimate={data.totalIsEstimate}
          />
        </>
      ) : (
        <Spinner aria-label="Loading emails" />
      )}
      {/* Blueprint's FormGroup markup (inline), its input and button through the CSS API. */}
      <div className={`${Classes.FORM_GROUP} ${Classes.INLINE} email-dashboard__assign`}>
        <label className={Classes.LABEL} htmlFor="assign-copies-id">
          Assign Copies ID <span className={Classes.TEXT_MUTED} />
        </label>
        <div className={Classes.FORM_CONTENT}>
          <PlainInput id="assign-copies-id" aria-label="Assign Copies ID" value={productId} onValueChange={onProductId} placeholder="Entry ID or MUID" />
          <PlainButton text="Update" intent="primary" onClick={onAssign} />
        </div>
      </div>
      {/* The dialogs mount when first needed (then stay, for their closing transition): nothing of
          them is drawn on the first screen (issue 17, first load). */}
      {dialogsUsed ? (
        <>
          <MessageDialog message={message} onClose={() => setMessage(null)} />
          <ConfirmDialog
            message={confirm?.text ?? null}
            onCancel={() => setConfirm(null)}
            onConfirm={() => {
              const go = confirm?.go;
              setConfirm(null);
              go?.();
            }}
          />
        </>
      ) : null}
    </section>
  );
});
