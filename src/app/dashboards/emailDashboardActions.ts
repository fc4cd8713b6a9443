import type { AssignCopyLookupResponse, AssignCopyResponse, EmailItem, EmailRowState, EmailUpdate, EmailUpdateResponse, MoveResponse } from '../../api/emailTypes';
import { applySearchEdit, checkSearch, type Criteria } from '../../ui/dashboard/searchRules';
import { planBulkStatus } from './bulkStatus';
import type { DashboardConfig } from './dashboardConfig';
import type { LocalAction, LocalState } from './emailDashboardState';
import { searchDiff, type ListState } from './emailListParams';
import { acceptProductId } from './productIdInput';

/** The writes the dashboard makes (src/api/hooks/useEmailWrites over the client). */
export interface DashboardWrites {
  /** Puts rows' values into every cached list showing them, without a request. */
  apply(rows: Array<Partial<EmailRowState> & { muid: number }>): Promise<void>;
  update(payload: EmailUpdate[]): Promise<EmailUpdateResponse>;
  readEmail(muid: number): Promise<EmailUpdateResponse>;
  updateScore(muid: number, score: string, indexName: string): Promise<EmailUpdateResponse>;
  move(muids: number[], to: 'glacier' | 'focus'): Promise<MoveResponse>;
  assignCopy(muids: number[], entryID: string, copyStatus: number): Promise<AssignCopyResponse>;
  lookupCopy(muid: number): Promise<AssignCopyLookupResponse>;
}

/** Everything the dashboard's actions read and do, given by useEmailDashboard (or a test). */
export interface DashboardContext {
  config: DashboardConfig;
  status: { glacierRefused: number[]; bulk: number[]; locked: number[]; label(code: number): string };
  /** The state now: local, the URL's list state, the rows shown, the form's criteria, the newest email's day. */
  get(): { local: LocalState; list: ListState; rows: EmailItem[]; criteria: Criteria; newestDay: string | null | undefined };
  dispatch(action: LocalAction): void;
  writes: DashboardWrites;
  /** Shows another list state (a new history entry: Back returns to this one). */
  setList(next: ListState): void;
  setCriteria(criteria: Criteria): void;
  /** Opens an email's screen; `muid` names it in this list's history entry (useFocusOpenedEmail). */
  open(path: string, newTab: boolean, muid?: number): void;
  toast(message: string, intent: 'success' | 'danger'): void;
  /** Runs `fn` after `ms` (the 'Done' badge's 5 s). */
  later(fn: () => void, ms: number): void;
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The Focus / e-Glacier dashboard's actions (000 §4-§5, §8), framework-free so they are tested
 * without a DOM (tests/unit/dashboard/emailDashboardActions.test.ts).
 */
export function emailDashboardActions(ctx: DashboardContext) {
  const { config, dispatch } = ctx;
  const { m, meta } = config;
  const say = (text: string | null) => dispatch({ type: 'message', text });
  const checked = () => {
    const { local, rows } = ctx.get();
    return rows.filter((r) => local.selected.has(r.muid));
  };
  /** 000 §5: page changes, searches and clears ask first while copy toggles are unsaved. */
  const guarded = (go: () => void) => {
    const run = () => {
      dispatch({ type: 'clearChecks' });
      go();
    };
    if (ctx.get().local.pending.size > 0) dispatch({ type: 'confirm', confirm: { text: m.unsaved, go: run } });
    else run();
  };
  const showList = (patch: Partial<ListState>) => ctx.setList({ ...ctx.get().list, ...patch });
  const failed = (e: unknown) => say(errorText(e));
  /**
   * A row control (status, flag, points, mark) shows its new value at once, not ~100 ms later when
   * the server answers; the returned undo puts the row's values back when the write fails.
   */
  const show = (row: EmailItem, patch: Partial<Omit<EmailRowState, 'muid'>>) => {
    const before = Object.fromEntries(Object.keys(patch).map((k) => [k, row[k as keyof typeof patch]]));
    void ctx.writes.apply([{ muid: row.muid, ...patch }]);
    return () => void ctx.writes.apply([{ muid: row.muid, ...before }]);
  };

  return {
    /** 000 §4: a header sorts descending first, toggles when already active, and returns to page 1. */
    sort(field: string) {
      const l = ctx.get().list;
      const direction = l.sorting_field === field ? (l.sorting_direction === 'desc' ? 'asc' : 'desc') : (meta.sort.firstDirection as 'asc' | 'desc');
      showList({ page: 1, sorting_field: field as ListState['sorting_field'], sorting_direction: direction });
    },
    page: (page: number) => guarded(() => showList({ page })),
    perpage: (perpage: number) => guarded(() => showList({ page: 1, perpage })),
    search() {
      const { criteria, newestDay, list } = ctx.get();
      const problem = checkSearch(config.rules, criteria);
      if (problem) return say(problem);
      guarded(() => showList({ ...config.searchReset, search: searchDiff(criteria, config.criteriaFor(list.dashboard, newestDay)) }));
    },
    clear() {
      guarded(() => {
        const { list, newestDay } = ctx.get();
        ctx.setCriteria(config.criteriaFor(list.dashboard, newestDay));
        ctx.setList({ ...list, page: config.params.defaults.page, perpage: config.params.defaults.perpage, ...config.clearReset, search: {} } as ListState);
      });
    },
    edit(field: string, value: unknown) {
      const { next, message } = applySearchEdit(config.rules, ctx.get().criteria, field, value);
      ctx.setCriteria(next);
      if (message) say(message);
    },
    async status(row: EmailItem, deleted: number) {
      dispatch({ type: 'mark', muid: row.muid, mark: 'saving' });
      const undo = show(row, { deleted, email_read: 1 });
      try {
        // 000 §4: changing a status saves it and marks the email read.
        await ctx.writes.update([{ muid: row.muid, deleted, panelist_core: row.panelist_core, panelist_score: row.panelist_score, email_read: 1, index_name: row.index_name }]);
        dispatch({ type: 'mark', muid: row.muid, mark: 'done' });
        ctx.later(() => dispatch({ type: 'mark', muid: row.muid, mark: null, only: 'done' }), meta.doneBadgeMs);
      } catch (e) {
        undo();
        dispatch({ type: 'mark', muid: row.muid, mark: null });
        failed(e);
      }
    },
    flag(row: EmailItem, on: boolean) {
      const panelist_core = on ? 1 : 0;
      const undo = show(row, { panelist_core });
      return ctx.writes.update([{ muid: row.muid, panelist_core, index_name: row.index_name }]).then(
        () => undefined,
        (e: unknown) => (undo(), failed(e)),
      );
    },
    read(row: EmailItem) {
      const email_read = row.email_read === 1 ? 0 : 1;
      const undo = show(row, { email_read });
      return ctx.writes.update([{ muid: row.muid, email_read, index_name: row.index_name }]).then(
        () => undefined,
        (e: unknown) => (undo(), failed(e)),
      );
    },
    async points(row: EmailItem, score: string) {
      const undo = show(row, { panelist_score: score });
      try {
        const res = await ctx.writes.updateScore(row.muid, score, row.index_name);
        if (res.status === 'ok') return ctx.toast(m.pointsUpdated, 'success');
        undo();
        ctx.toast(res.payload?.msg ?? 'Error', 'danger');
      } catch (e) {
        undo();
        ctx.toast(errorText(e), 'danger');
      }
    },
    openEmail(row: EmailItem, path: string, newTab: boolean) {
      // 000 §4: opening an unread email marks it read.
      if (row.email_read === 0) ctx.writes.readEmail(row.muid).catch(() => undefined);
      ctx.open(path, newTab, row.muid);
    },
    async usedId(row: EmailItem) {
      try {
        const res = await ctx.writes.lookupCopy(row.muid);
        say(res.entryID ? `Entry ID: ${res.entryID}` : res.muid ? `MUID: ${res.muid}` : (res.msg ?? m.productMissing));
      } catch (e) {
        failed(e);
      }
    },
    toggle: (row: EmailItem, on: boolean) => dispatch({ type: 'toggle', rows: [row], on, statuses: { used: config.used, copy: config.copy } }),
    toggleAll: (on: boolean) => dispatch({ type: 'toggle', rows: ctx.get().rows, on, statuses: { used: config.used, copy: config.copy } }),
    productId(typed: string) {
      const { value, rejected } = acceptProductId(typed, meta.productIdPattern);
      dispatch({ type: 'productId', value });
      if (rejected) say(m.invalidProductId);
    },
    /** Move to e-Glacier / To Focus (000 §4); says what it did (issue 28 item 7). */
    async move(to: 'glacier' | 'focus') {
      // A second click (a double click, an impatient one) while the first is saved sends nothing again.
      if (ctx.get().local.busy) return;
      const rows = checked();
      if (rows.length === 0) return say(m.selectEmail);
      if (to === 'glacier' && rows.some((r) => ctx.status.glacierRefused.includes(r.deleted))) return say(m.usedCopyGlacier);
      dispatch({ type: 'busy', busy: true });
      try {
        const res = await ctx.writes.move(rows.map((r) => r.muid), to);
        dispatch({ type: 'clearChecks' });
        ctx.toast(fill(m.moved, { count: res.muids.length, dashboard: config.dashboardOf(to).label }), 'success');
      } catch (e) {
        failed(e);
      } finally {
        dispatch({ type: 'busy', busy: false });
      }
    },
    /** 000 §4-§5: one status for every checked email; more than one may only become Copy. */
    async bulkStatus(status: number) {
      if (ctx.get().local.busy) return;
      const plan = planBulkStatus(checked(), status, { bulkStatuses: ctx.status.bulk, lockedStatuses: ctx.status.locked, messages: m });
      if ('message' in plan) return say(plan.message);
      dispatch({ type: 'busy', busy: true });
      try {
        const res = await ctx.writes.update(plan.updates);
        dispatch({ type: 'clearChecks' });
        ctx.toast(fill(m.statusSet, { count: res.rows?.length ?? plan.updates.length, status: ctx.status.label(status) }), 'success');
      } catch (e) {
        failed(e);
      } finally {
        dispatch({ type: 'busy', busy: false });
      }
    },
    /** 'Assign Copies ID' Update (000 §5, §7): the server's msg in a dialog. */
    async assign() {
      const rows = checked();
      const productId = ctx.get().local.productId.trim();
      if (rows.length === 0) return say(m.selectEmail);
      if (!productId) return say(m.productIdEmpty);
      if (ctx.get().local.busy) return;
      dispatch({ type: 'busy', busy: true });
      try {
        const res = await ctx.writes.assignCopy(rows.map((r) => r.muid), productId, config.copy);
        // The saved status becomes the original one; the checks are cleared.
        if (res.status) dispatch({ type: 'clearChecks' });
        say(res.msg);
      } catch (e) {
        failed(e);
      } finally {
        dispatch({ type: 'busy', busy: false });
      }
    },
    closeMessage: () => say(null),
    answer(yes: boolean) {
      const confirm = ctx.get().local.confirm;
      dispatch({ type: 'confirm', confirm: null });
      if (yes) confirm?.go();
      else confirm?.stay?.();
    },
    /**
     * Leaving this list (another dashboard or tab, a sidebar link, Back) with unsaved Copy toggles asks
     * 000 §5's question first, as a page change does; Continue drops the toggles and goes.
     */
    askBeforeLeaving(go: () => void, stay: () => void) {
      dispatch({ type: 'confirm', confirm: { text: m.unsaved, go: () => (dispatch({ type: 'clearChecks' }), go()), stay } });
    },
  };
}

export type EmailDashboardActions = ReturnType<typeof emailDashboardActions>;
