// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardResponse, EmailItem } from '../../../src/api/emailTypes';
import { fakePortalApi } from '../../../src/api/client/fakePortalApi';
import type { PortalApi } from '../../../src/api/client/PortalApi';
import { useEmailList } from '../../../src/api/hooks/emailHooks';
import { PortalApiContext } from '../../../src/api/hooks/PortalApiContext';
import { forgetRows } from '../../../src/api/hooks/newestRows';
import { useEmailWrites } from '../../../src/api/hooks/useEmailWrites';

afterEach(() => {
  cleanup();
  forgetRows();
});

const row = (muid: number, deleted: number, row_version = 0): EmailItem =>
  ({ muid, row_version, deleted, panelist_core: 0, panelist_score: '', email_read: 0, email_subject: `s${muid}`, email_from_one: '', email_from_name: '', email_date: null, index_name: 'i', panelist_id: null, panelist_type: null, has_attachment: 0, competi_id: null, entry_id: null, flags: [] });
const page = (rows: EmailItem[]): DashboardResponse => ({ payload: rows, hasNext: false, totalEmails: rows.length, totalIsEstimate: false, totalSpaceyEmails: 0, lastPage: 1, paging: null, competi_ids: [] });
const request = (panelist: 'all' | 'consumer') => ({ page: 1, perpage: 10, panelist, dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' }) as const;

function List({ panelist }: { panelist: 'all' | 'consumer' }) {
  const { data } = useEmailList({ search: null, request: request(panelist) });
  return <ul aria-label={panelist}>{data?.payload.map((r) => <li key={r.muid}>{`${r.muid}:${r.deleted}:${r.email_read}`}</li>)}</ul>;
}

let writes: ReturnType<typeof useEmailWrites> | null = null;
function Writer() {
  writes = useEmailWrites();
  return null;
}

/** `lists` and the Writer over `api`, with a cache of their own. */
function renderWith(api: PortalApi, lists: ReactNode) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
      <PortalApiContext.Provider value={api}>
        {lists}
        <Writer />
      </PortalApiContext.Provider>
    </SWRConfig>,
  );
}

describe('useEmailWrites (issue 28 item 8)', () => {
  it("puts the server's answer to a status change in every list showing the row, without reading the lists again", async () => {
    const lists: string[] = [];
    const api = fakePortalApi({
      emails: {
        list: async (r) => (lists.push(r.panelist), page(r.panelist === 'all' ? [row(1, 0), row(2, 0)] : [row(2, 0)])),
        update: async () => ({ status: 'ok', rows: [{ muid: 2, row_version: 1, deleted: 4, panelist_core: 0, panelist_score: '', email_read: 1 }] }),
      },
    });
    renderWith(api, <><List panelist="all" /><List panelist="consumer" /></>);
    await waitFor(() => expect(screen.getByRole('list', { name: 'consumer' }).textContent).toBe('2:0:0'));
    expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('1:0:02:0:0');
    await act(() => writes!.update([{ muid: 2, deleted: 4, email_read: 1 }]));
    expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('1:0:02:4:1');
    expect(screen.getByRole('list', { name: 'consumer' }).textContent).toBe('2:4:1');
    expect(lists.sort()).toEqual(['all', 'consumer']);
  });

  it('a list read before a status change was stored, answered after it, shows the change (the row version decides)', async () => {
    let answerConsumer: (p: DashboardResponse) => void = () => {};
    const api = fakePortalApi({
      emails: {
        // The consumer list is read before the change is stored and answered after the change's answer.
        list: (r) => (r.panelist === 'all' ? Promise.resolve(page([row(1, 0), row(2, 0)])) : new Promise<DashboardResponse>((resolve) => (answerConsumer = resolve))),
        update: async () => ({ status: 'ok', rows: [{ muid: 2, row_version: 1, deleted: 4, panelist_core: 0, panelist_score: '', email_read: 1 }] }),
      },
    });
    renderWith(api, <><List panelist="all" /><List panelist="consumer" /></>);
    await waitFor(() => expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('1:0:02:0:0'));
    await act(() => writes!.update([{ muid: 2, deleted: 4, email_read: 1 }]));
    expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('1:0:02:4:1');
    await act(async () => answerConsumer(page([row(2, 0, 0)])));
    await waitFor(() => expect(screen.getByRole('list', { name: 'consumer' }).textContent).toBe('2:4:1'));
    // A later answer with a newer version than the change's wins in turn (another reviewer's change).
    await act(async () => {
      await writes!.apply([{ muid: 2, row_version: 2, deleted: 0, panelist_core: 0, panelist_score: '', email_read: 1 }]);
    });
    expect(screen.getByRole('list', { name: 'consumer' }).textContent).toBe('2:0:1');
  });

  it('a value a control shows before the answer is drawn over an answer of the version it was chosen on, and the answer then replaces it', async () => {
    let answerUpdate: () => void = () => {};
    const api = fakePortalApi({
      emails: {
        // Both lists answer the row as it was (version 3) while the change is on its way.
        list: async (r) => page([row(2, 0, 3), ...(r.panelist === 'all' ? [row(1, 0)] : [])]),
        update: () => new Promise((resolve) => (answerUpdate = () => resolve({ status: 'ok', rows: [{ muid: 2, row_version: 4, deleted: 4, panelist_core: 0, panelist_score: '', email_read: 1 }] }))),
      },
    });
    let showConsumer: () => void = () => {};
    function Lists() {
      const [consumer, setConsumer] = useState(false);
      showConsumer = () => setConsumer(true);
      return (
        <>
          <List panelist="all" />
          {consumer && <List panelist="consumer" />}
        </>
      );
    }
    renderWith(api, <Lists />);
    await waitFor(() => expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('2:0:01:0:0'));
    // The row control shows the chosen status at once; the change is sent.
    await act(() => writes!.apply([{ muid: 2, deleted: 4, email_read: 1 }]));
    let stored: Promise<unknown> = Promise.resolve();
    act(() => {
      stored = writes!.update([{ muid: 2, deleted: 4, email_read: 1 }]);
    });
    expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('2:4:11:0:0');
    // A list read meanwhile answers the version the status was chosen on: the chosen one is still drawn.
    act(() => showConsumer());
    await waitFor(() => expect(screen.getByRole('list', { name: 'consumer' }).textContent).not.toBe(''));
    expect(screen.getByRole('list', { name: 'consumer' }).textContent).toBe('2:4:1');
    await act(async () => {
      answerUpdate();
      await stored;
    });
    expect(screen.getByRole('list', { name: 'all' }).textContent).toBe('2:4:11:0:0');
    expect(screen.getByRole('list', { name: 'consumer' }).textContent).toBe('2:4:1');
  });
});
