import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PanelistTypeFilter } from '../../api/emailTypes';
import { useEmailList, useRawData, useStates } from '../../api/hooks/emailHooks';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { useEmailWrites } from '../../api/hooks/useEmailWrites';
import type { Criteria } from '../../ui/dashboard/searchRules';
import { copyRequestEvent } from '../../ui/shell/copyRequestEvent';
import { configOf, statesKeyOf } from './dashboardConfig';
import { useDashboardMeta } from './dashboardMeta';
import { showDashboardToast } from './dashboardToaster';
import { emailDashboardActions, type DashboardContext } from './emailDashboardActions';
import { emailDashboardReducer, initialLocalState } from './emailDashboardState';
import { appliedSearch, listParamNames, listQuery, readListState, writeListState, type ListState } from './emailListParams';
import { openedEmailState, withReturn } from './listReturn';

const noRows: never[] = [];

/**
 * The email dashboard's controller (issue 30 item 8): the list state from the URL (issue 28 item
 * 1), the data through the SWR hooks (item 8), the local state (checks, copy toggles, row marks,
 * dialogs) and the actions (emailDashboardActions). The views only read what it returns.
 */
export function useEmailDashboard(panelistType: PanelistTypeFilter) {
  const dm = useDashboardMeta();
  const config = useMemo(() => configOf(dm), [dm]);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const api = usePortalApi();
  const writes = useEmailWrites();
  const list = useMemo(() => readListState(params, config.params), [params, config]);

  // The default search is the last days up to the newest email (000 §9): the form shows it from raw
  // data, the list's request leaves its default dates to the server (listQuery).
  const raw = useRawData();
  const newestDay = raw.data ? raw.data.newestDay : raw.error ? null : undefined;
  const shown = useMemo(() => appliedSearch(list, config.params, newestDay), [list, config, newestDay]);
  // The form starts from the search the list shows, and again whenever that changes (Back, a link).
  const shownKey = JSON.stringify(shown);
  const [form, setForm] = useState({ key: shownKey, criteria: shown });
  const criteria = form.key === shownKey ? form.criteria : shown;

  const query = useMemo(() => listQuery(list, config.params, panelistType), [list, config, panelistType]);
  const page = useEmailList(query);
  const states = useStates(statesKeyOf(criteria));
  const [local, dispatch] = useReducer(emailDashboardReducer, initialLocalState);
  const rows = page.data?.payload ?? noRows;

  const now = useRef({ local, list, rows, criteria, newestDay, shownKey });
  now.current = { local, list, rows, criteria, newestDay, shownKey };
  const actions = useMemo(() => {
    const ctx: DashboardContext = {
      config,
      status: { glacierRefused: dm.status.glacierRefused, bulk: dm.status.bulk, locked: dm.status.locked, label: dm.status.label },
      get: () => now.current,
      dispatch,
      writes: { ...writes, lookupCopy: (muid) => api.emails.lookupCopy(muid) },
      setList: (next: ListState) => setParams(writeListState(next, config.params)),
      setCriteria: (c: Criteria) => setForm({ key: now.current.shownKey, criteria: c }),
      open: (path, newTab, muid) => {
        const target = withReturn(path, location);
        if (newTab) window.open(target, '_blank', 'noopener');
        else {
          // The list's own history entry names the email, so Back to it finds the email's link again.
          if (muid !== undefined) navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: openedEmailState(muid) });
          navigate(target);
        }
      },
      toast: (message, intent) => showDashboardToast({ message, intent, timeout: 3000 }),
      later: (fn, ms) => void setTimeout(fn, ms),
    };
    return emailDashboardActions(ctx);
  }, [config, dm, writes, api, setParams, navigate, location]);

  // A page past the last one (its emails were all moved or set away, a stale link or bookmark) shows
  // the last page instead of 'No Records' beside 'Page 9 of 8', in place of the same history entry.
  // Only from this list's own answer (not the previous page kept while it loads) and an exact total.
  const answered = page.isValidating ? undefined : page.data;
  const pastLast = answered && answered.payload.length === 0 && !answered.totalIsEstimate && list.page > answered.lastPage ? answered.lastPage : null;
  // Only while the address still shows that page: a pager click that landed before this effect ran (an
  // answer arriving as the user clicks) has moved on, and replacing its entry would undo the click.
  const pastSearch = location.search;
  useEffect(() => {
    if (pastLast !== null && window.location.search === pastSearch) setParams(writeListState({ ...now.current.list, page: pastLast }, config.params), { replace: true });
  }, [pastLast, pastSearch, setParams, config]);

  // Unsaved Copy toggles (checked under a product id) are not dropped silently by leaving the list: another
  // dashboard or tab, a sidebar link or Back asks first (page, search and clear ask in their actions).
  const unsaved = useRef(false);
  unsaved.current = local.pending.size > 0;
  const blocker = useBlocker(({ currentLocation: from, nextLocation: to, historyAction }) => {
    if (!unsaved.current) return false;
    const dashboardOf = (search: string) => new URLSearchParams(search).get(listParamNames.dashboard);
    return historyAction === 'POP' || from.pathname !== to.pathname || dashboardOf(from.search) !== dashboardOf(to.search);
  });
  useEffect(() => {
    if (blocker.state === 'blocked') actions.askBeforeLeaving(() => blocker.proceed(), () => blocker.reset());
  }, [blocker, actions]);
  useEffect(() => {
    if (local.pending.size === 0) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [local.pending.size]);

  // The header's Copy button (000 §5): the checked emails become Copy, as the bulk Set status does.
  useEffect(() => {
    const listener = () => void actions.bulkStatus(config.copy);
    window.addEventListener(copyRequestEvent, listener);
    return () => window.removeEventListener(copyRequestEvent, listener);
  }, [actions, config.copy]);

  /** A panelist-type tab keeps the search, size and sort; its list starts at page 1. */
  const tabPath = (path: string) => {
    const search = writeListState({ ...list, page: 1 }, config.params).toString();
    return search ? `${path}?${search}` : path;
  };
  return {
    config,
    panelistType,
    list,
    criteria,
    /** The page shown (the previous one while the next loads), or undefined before the first answer. */
    data: page.data,
    rows,
    loading: page.isValidating,
    error: page.error,
    raw: raw.data,
    states: states.data,
    local,
    actions,
    tabPath,
    /** The app path of an email link, carrying this list so Cancel and Go Back return to it. */
    linkTo: (path: string) => withReturn(path, location),
  };
}

export type EmailDashboardController = ReturnType<typeof useEmailDashboard>;
