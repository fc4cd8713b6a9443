import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EmailItem } from '../../../src/api/emailTypes';
import { configOf } from '../../../src/app/dashboards/dashboardConfig';
import { dashboardMetaOf } from '../../../src/app/dashboards/dashboardMeta';
import { emailDashboardActions, type DashboardWrites } from '../../../src/app/dashboards/emailDashboardActions';
import { emailDashboardReducer, initialLocalState, type LocalState } from '../../../src/app/dashboards/emailDashboardState';
import { appliedSearch, readListState, type ListState } from '../../../src/app/dashboards/emailListParams';

// Issue 30 item 8: the dashboard's controller (state and actions) without a DOM, on the shipped metadata.
const root = join(import.meta.dirname, '../../..');
const files: Record<string, unknown> = {};
for (const dir of ['schemas/dashboards', 'rules/dashboards', 'schemas/codes']) {
  for (const f of readdirSync(join(root, dir))) if (f.endsWith('.json')) files[`${dir}/${f}`] = JSON.parse(readFileSync(join(root, dir, f), 'utf8'));
}
const dm = dashboardMetaOf(files);
const config = configOf(dm);
const code = (key: string) => dm.status.code(key);
const newestDay = '2026-11-26';

const row = (muid: number, status = 'focus'): EmailItem =>
  ({ muid, row_version: 0, deleted: code(status), panelist_core: 0, panelist_score: '', email_read: 0, email_subject: `s${muid}`, email_from_one: '', email_from_name: '', email_date: null, index_name: 'i', panelist_id: null, panelist_type: null, has_attachment: 0, competi_id: null, entry_id: null, flags: [] });

/** The controller's world: local state through the real reducer, the URL's list state, and recorded effects. */
function harness(rows: EmailItem[], writes: Partial<DashboardWrites> = {}) {
  const world = {
    local: initialLocalState as LocalState,
    list: readListState(new URLSearchParams(''), config.params) as ListState,
    criteria: appliedSearch(readListState(new URLSearchParams(''), config.params), config.params, newestDay),
    lists: [] as ListState[],
    toasts: [] as string[],
    opened: [] as string[],
    timers: [] as Array<() => void>,
    calls: [] as string[],
    /** What the cached lists were given to show, in order (writes.apply). */
    shown: [] as unknown[],
  };
  const refuse = (name: string) => () => Promise.reject(new Error(`${name} not expected`));
  const actions = emailDashboardActions({
    config,
    status: { glacierRefused: dm.status.glacierRefused, bulk: dm.status.bulk, locked: dm.status.locked, label: dm.status.label },
    get: () => ({ local: world.local, list: world.list, rows, criteria: world.criteria, newestDay }),
    dispatch: (a) => void (world.local = emailDashboardReducer(world.local, a)),
    writes: { apply: async (rows) => void world.shown.push(...rows), update: refuse('update'), readEmail: refuse('readEmail'), updateScore: refuse('updateScore'), move: refuse('move'), assignCopy: refuse('assignCopy'), lookupCopy: refuse('lookupCopy'), ...writes },
    setList: (next) => void (world.lists.push(next), (world.list = next)),
    setCriteria: (c) => void (world.criteria = c),
    open: (path) => void world.opened.push(path),
    toast: (m) => void world.toasts.push(m),
    later: (fn) => void world.timers.push(fn),
  });
  return { world, actions };
}

describe('email dashboard controller: list state (000 §4)', () => {
  it('sorts descending first, toggles on the active column, and returns to page 1', () => {
    const { world, actions } = harness([]);
    world.list = { ...world.list, page: 3 };
    actions.sort('muid');
    expect(world.list).toMatchObject({ page: 1, sorting_field: 'muid', sorting_direction: 'desc' });
    actions.sort('muid');
    expect(world.list).toMatchObject({ sorting_field: 'muid', sorting_direction: 'asc' });
  });

  it("refuses a search without a filter: 'Please choose atleast one filter.'", () => {
    const { world, actions } = harness([]);
    world.criteria = { ...world.criteria, from_year: '', to_year: '', country: '0' };
    actions.search();
    expect(world.local.message).toBe('Please choose atleast one filter.');
    expect(world.lists).toEqual([]);
  });

  it('a search keeps what differs from the default search, at page 1 and 50 a page', () => {
    const { world, actions } = harness([]);
    actions.edit('query', 'a');
    actions.edit('from_day', '01');
    actions.edit('from_month', '01');
    actions.edit('from_year', '1993');
    actions.search();
    expect(world.list).toMatchObject({ page: 1, perpage: 50, search: { query: 'a', from_day: '01', from_month: '01', from_year: '1993' } });
    actions.clear();
    expect(world.list).toMatchObject({ page: 1, perpage: 10, sorting_field: 'email_date', sorting_direction: 'desc', search: {} });
  });

  it("asks 'Do you really want to continue with unsaved changes?' before leaving unsaved Copy toggles", () => {
    const rows = [row(1), row(2, 'used')];
    const { world, actions } = harness(rows);
    actions.productId('2024-01-01-7');
    actions.toggle(rows[0], true);
    actions.toggle(rows[1], true);
    // 000 §4: checking with a product id set turns an email into Copy unless it is Used.
    expect([...world.local.pending]).toEqual([[1, code('copy')]]);
    actions.page(2);
    expect(world.local.confirm?.text).toBe('Do you really want to continue with unsaved changes?');
    expect(world.lists).toEqual([]);
    actions.answer(true);
    expect(world.list.page).toBe(2);
    expect(world.local.selected.size).toBe(0);
    expect(world.local.pending.size).toBe(0);
  });
});

describe('email dashboard controller: writes', () => {
  it('a status change shows saving, then Done. until its timer, and marks the email read', async () => {
    const sent: unknown[] = [];
    const { world, actions } = harness([row(5)], { update: async (p) => (sent.push(p), { status: 'ok', rows: [] }) });
    const done = actions.status(row(5), code('copy'));
    expect(world.local.marks.get(5)).toBe('saving');
    await done;
    expect(sent).toEqual([[expect.objectContaining({ muid: 5, deleted: code('copy'), email_read: 1 })]]);
    expect(world.local.marks.get(5)).toBe('done');
    world.timers.forEach((t) => t());
    expect(world.local.marks.has(5)).toBe(false);
  });

  it('Move to e-Glacier needs a selection, refuses Used and Copy, and says what it moved', async () => {
    const rows = [row(1), row(2), row(3, 'used')];
    const { world, actions } = harness(rows, { move: async (muids) => ({ status: 'ok', muids, deleted: code('glacier') }) });
    await actions.move('glacier');
    expect(world.local.message).toBe('Please select atleast one email.');
    actions.toggle(rows[2], true);
    await actions.move('glacier');
    expect(world.local.message).toBe('You have selected some emails which have used and copy status');
    actions.toggle(rows[2], false);
    actions.toggle(rows[0], true);
    actions.toggle(rows[1], true);
    await actions.move('glacier');
    expect(world.toasts).toEqual(['2 email(s) moved to e-Glacier.']);
    expect(world.local.selected.size).toBe(0);
  });

  it('a second click on Update, a move or Set status while the first is saved sends nothing again (a double click)', async () => {
    const rows = [row(1), row(2)];
    const calls: string[] = [];
    let release = () => undefined as void;
    const held = <T,>(name: string, answer: T) => () => {
      calls.push(name);
      return new Promise<T>((resolve) => void (release = () => resolve(answer)));
    };
    const { world, actions } = harness(rows, {
      assignCopy: held('assign', { status: true, muids: [1, 2], msg: '2 email(s) assigned to product 7 as Copy.' }),
      move: held('move', { status: 'ok', muids: [1, 2], deleted: code('glacier') }),
      update: held('update', { status: 'ok', rows: [] }),
    });
    const twice = async (act: () => Promise<void>) => {
      actions.toggleAll(true);
      const first = act();
      await act();
      release();
      await first;
    };
    actions.productId('7');
    await twice(() => actions.assign());
    await twice(() => actions.move('glacier'));
    await twice(() => actions.bulkStatus(code('copy')));
    expect(calls).toEqual(['assign', 'move', 'update']);
    expect(world.local.busy).toBe(false);
    expect(world.local.message).toBe('2 email(s) assigned to product 7 as Copy.');
  });

  it("the header's Copy sets Copy on the checked emails and says so; more than one may only become Copy", async () => {
    const rows = [row(1), row(2)];
    const { world, actions } = harness(rows, { update: async (p) => ({ status: 'ok', rows: p.map((u) => ({ muid: u.muid, row_version: 1, deleted: u.deleted!, panelist_core: 0, panelist_score: '', email_read: 1 })) }) });
    actions.toggleAll(true);
    await actions.bulkStatus(code('focus'));
    expect(world.local.message).toBe('Please select only copy status.');
    await actions.bulkStatus(code('copy'));
    expect(world.toasts).toEqual(['2 email(s) set to Copy.']);
  });

  it('status, flag, points and mark show their new value before the server answers, and go back with the message when it fails', async () => {
    let answer!: { resolve: (v: { status: 'ok'; rows: [] }) => void; reject: (e: Error) => void };
    const held = () => new Promise<{ status: 'ok'; rows: [] }>((resolve, reject) => void (answer = { resolve, reject }));
    const { world, actions } = harness([row(7)], { update: held, updateScore: held });

    const flag = actions.flag(row(7), true);
    expect(world.shown).toEqual([{ muid: 7, panelist_core: 1 }]);
    answer.resolve({ status: 'ok', rows: [] });
    await flag;
    expect(world.shown).toHaveLength(1);

    world.shown.length = 0;
    const read = actions.read(row(7));
    expect(world.shown).toEqual([{ muid: 7, email_read: 1 }]);
    answer.reject(new Error('Not allowed'));
    await read;
    expect(world.shown).toEqual([{ muid: 7, email_read: 1 }, { muid: 7, email_read: 0 }]);
    expect(world.local.message).toBe('Not allowed');

    world.shown.length = 0;
    const status = actions.status(row(7), code('copy'));
    expect(world.shown).toEqual([{ muid: 7, deleted: code('copy'), email_read: 1 }]);
    answer.reject(new Error('Refused'));
    await status;
    expect(world.shown).toEqual([{ muid: 7, deleted: code('copy'), email_read: 1 }, { muid: 7, deleted: code('focus'), email_read: 0 }]);

    // 000 §8: a score update failure is a red toast with the server's msg.
    world.shown.length = 0;
    const points = actions.points(row(7), '5');
    expect(world.shown).toEqual([{ muid: 7, panelist_score: '5' }]);
    answer.resolve({ status: 'error', payload: { msg: 'Score not saved' } } as never);
    await points;
    expect(world.shown).toEqual([{ muid: 7, panelist_score: '5' }, { muid: 7, panelist_score: '' }]);
    expect(world.toasts).toEqual(['Score not saved']);
  });

  it('opening an unread email marks it read and opens the path given', async () => {
    const read: number[] = [];
    const { world, actions } = harness([row(9)], { readEmail: async (muid) => (read.push(muid), { status: 'ok' }) });
    actions.openEmail(row(9), '/emailEditor/9', false);
    expect(read).toEqual([9]);
    expect(world.opened).toEqual(['/emailEditor/9']);
  });
});
