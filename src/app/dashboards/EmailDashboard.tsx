import { Classes, Spinner } from '@blueprintjs/core';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { PanelistTypeFilter } from '../../api/emailTypes';
import { SearchForm } from '../../ui/dashboard/SearchForm';
import { useStableCallback } from '../../ui/dashboard/useStableCallback';
import { useStickyHeader } from '../../ui/dashboard/useStickyHeader';
import { PlainTabs } from '../../ui/plain/PlainTabs';
import { AssignCopiesForm } from './AssignCopiesForm';
import { useDashboardMeta } from './dashboardMeta';
import { DashboardDialogs } from './DashboardDialogs';
import { EmailListView } from './EmailListView';
import { EmailToolbar } from './EmailToolbar';
import { useEmailDashboard } from './useEmailDashboard';

/** No date parts before raw data answered (one array, so the memoised search fields stay put). */
const noParts: string[] = [];

interface EmailDashboardProps {
  panelistType: PanelistTypeFilter;
  /** Opens another tab's route (with the list's state). */
  onTab: (path: string) => void;
  /** Called once the first page is on screen (render time). */
  onReady?: () => void;
}

/**
 * The Focus / e-Glacier email dashboard (000 §2-§5), drawn from schemas/dashboards/emails.json and
 * email_search.json; its state, data and actions are useEmailDashboard's.
 *
 * Memoised: its page re-renders once the first rows are on screen (the render time), which must not
 * redraw the list, the form and the pager (issue 17, first load).
 */
export const EmailDashboard = memo(function EmailDashboard({ panelistType, onTab, onReady }: EmailDashboardProps) {
  const c = useEmailDashboard(panelistType);
  const dm = useDashboardMeta();
  const { meta } = c.config;
  const dashboard = c.list.dashboard;
  const dash = c.config.dashboardOf(dashboard);
  const barRef = useRef<HTMLDivElement | null>(null);
  const stuck = useStickyHeader(barRef, meta.stickyHeader);
  // The column headers stick right under the stuck action bar (issue 28 item 7): its height, read once per change.
  const [barHeight, setBarHeight] = useState(0);
  useLayoutEffect(() => setBarHeight(stuck ? (barRef.current?.offsetHeight ?? 0) : 0), [stuck]);
  const ready = useRef(false);
  useEffect(() => {
    if (c.data && !ready.current) {
      ready.current = true;
      onReady?.();
    }
  }, [c.data, onReady]);

  // Stable: the search form's fields are memoised and redraw only when their own values change.
  const onSearch = useStableCallback(c.actions.search);
  const onClear = useStableCallback(c.actions.clear);
  const onEdit = useStableCallback(c.actions.edit);
  const fields = useMemo(() => dm.searchFields(), [dm]);
  const states = c.states;
  const partition = c.raw?.partition;
  const lists = useMemo(
    () => ({ states: (states ?? []).map((s) => ({ value: String(s.stateID), label: s.stateName })), partition: (partition ?? []).map((p) => ({ value: p, label: p })) }),
    [states, partition],
  );
  const producer = panelistType === 'producer';

  return (
    <section className="email-dashboard" aria-label={`${dash.label} dashboard`}>
      {/* Without its tabs (e-Glacier) a dashboard opened from a panelist-type route still lists that type only: say so. */}
      <h3 className={`${Classes.HEADING} email-dashboard__title`}>
        {dash.label} dashboard{!dash.showTabs && panelistType !== 'all' ? ` · ${meta.tabs.find((t) => t.key === panelistType)?.label ?? panelistType}` : ''}
      </h3>
      {dash.showTabs ? (
        // Blueprint's Tabs markup without its indicator: the sliding indicator measured the tab on
        // mount, a forced layout of the whole page in the first render (issue 17); each tab is a
        // route that remounts the dashboard, so it never slid, and the selected tab keeps the underline.
        <PlainTabs id="panelist-tabs" tabs={meta.tabs.map((t) => ({ id: t.key, title: t.label }))} selectedTabId={panelistType} onChange={(id) => onTab(c.tabPath(meta.tabs.find((t) => t.key === id)?.path ?? '/'))} />
      ) : null}
      <div className={`email-dashboard__search ${Classes.CARD} ${Classes.ELEVATION_0} ${Classes.COMPACT}`}>
        <SearchForm
          fields={fields}
          value={c.criteria}
          onEdit={onEdit}
          onSearch={onSearch}
          onClear={onClear}
          lists={lists}
          flags={producer ? meta.flags.producer : meta.flags.default}
          days={c.raw?.days ?? noParts}
          months={c.raw?.months ?? noParts}
          years={c.raw?.years ?? noParts}
          codeEntries={dm.codeEntries}
        />
      </div>
      <div className="email-dashboard__listing" style={{ '--list-table-sticky-top': `${barHeight - 16}px` } as CSSProperties}>
        <div ref={barRef} className={stuck ? 'email-dashboard__bar email-dashboard__bar--stuck' : 'email-dashboard__bar'} data-sticky={stuck}>
          <EmailToolbar
            items={dm.toolbarItems.filter((t) => t.dashboards.includes(dashboard))}
            loading={c.loading}
            busy={c.local.busy}
            onMove={(t) => void c.actions.move(t.key as 'glacier' | 'focus')}
            onBulkStatus={(status) => void c.actions.bulkStatus(status)}
          />
        </div>
        {c.data ? <EmailListView controller={c} scores={producer ? meta.scores.producer : meta.scores.default} /> : <Spinner aria-label="Loading emails" />}
      </div>
      <AssignCopiesForm value={c.local.productId} onChange={c.actions.productId} onUpdate={() => void c.actions.assign()} />
      <DashboardDialogs message={c.local.message} confirm={c.local.confirm?.text ?? null} onClose={c.actions.closeMessage} onAnswer={c.actions.answer} />
    </section>
  );
});
