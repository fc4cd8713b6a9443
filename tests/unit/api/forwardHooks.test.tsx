// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { fakePortalApi } from '../../../src/api/client/fakePortalApi';
import type { ForwardAttachment, ForwardedEmail, HtmlBodyResponse } from '../../../src/api/forwardTypes';
import { useForwardAttachments, useForwardBody, useForwardHistory, useForwardWrites } from '../../../src/api/hooks/forwardHooks';
import { PortalApiContext } from '../../../src/api/hooks/PortalApiContext';

afterEach(cleanup);

const muid = 7;
const forward = (efid: number): ForwardedEmail =>
  ({ id: efid, efid, ids: efid, efdate: '2026-01-01T00:00:00Z', forward_subject: `Fwd ${efid}`, forward_from: 'a@research.example', forward_to: '', cc: '', subject: '', created_by: 'alice', sent_at: null, mine: true });
const file = (ceafid: number, size: number): ForwardAttachment => ({ ceafid, filename: `f${ceafid}.pdf`, ceafdate: '2026-01-01T00:00:00Z', size, mime: 'application/pdf', efid: null });
const body: HtmlBodyResponse = { muid, ids: null, body: '<p>x</p>', message: '', subject: 'Fwd: x', forward_to: '', cc: '', forward_from: '', mine: true, email_attachments: [] };

function Editor() {
  const history = useForwardHistory(muid).data?.forwardjson ?? [];
  const files = useForwardAttachments(muid, null).data;
  const copy = useForwardBody(muid, null).data;
  writes = useForwardWrites(muid);
  return (
    <>
      <ul aria-label="history">{history.map((f) => <li key={f.efid}>{f.efid}</li>)}</ul>
      <ul aria-label="files">{files?.attachments.map((a) => <li key={a.ceafid}>{a.ceafid}</li>)}</ul>
      <output aria-label="total">{files?.total}</output>
      <output aria-label="sender">{copy?.forward_from}</output>
    </>
  );
}
let writes: ReturnType<typeof useForwardWrites> | null = null;

describe('forward hooks (issue 28 item 8: the forward editor on the typed client)', () => {
  it("deletes and a sender address land in the caches from the server's answer, without a re-read; a save reads the history again", async () => {
    const reads = { history: 0, attachments: 0, body: 0 };
    let rows = [forward(1), forward(2)];
    const api = fakePortalApi({
      forward: {
        history: async () => (reads.history++, { forwardjson: rows, list: rows.map((f) => f.efid) }),
        attachments: async () => (reads.attachments++, { attachments: [file(10, 100), file(11, 50)], total: 150, limit: 1000 }),
        htmlBody: async () => (reads.body++, body),
        deleteForward: async (_m, efid) => ({ message: 'Forwarded email deleted successfully', efid }),
        deleteAttachment: async () => ({ message: 'Attachment deleted successfully' }),
        setSender: async (email) => ({ forward_from: email }),
        save: async () => ((rows = [...rows, forward(3)]), { result: { ids: 3 }, message: 'Email saved Successfully!' }),
      },
    });
    render(
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
        <PortalApiContext.Provider value={api}>
          <Editor />
        </PortalApiContext.Provider>
      </SWRConfig>,
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'history' }).textContent).toBe('12'));
    await waitFor(() => expect(screen.getByRole('list', { name: 'files' }).textContent).toBe('1011'));
    await waitFor(() => expect(reads.body).toBe(1));

    await act(() => writes!.deleteForward(1));
    expect(screen.getByRole('list', { name: 'history' }).textContent).toBe('2');
    await act(() => writes!.deleteAttachment(10));
    expect(screen.getByRole('list', { name: 'files' }).textContent).toBe('11');
    expect(screen.getByRole('status', { name: 'total' }).textContent).toBe('50');
    await act(() => writes!.setSender('alice@research.example'));
    expect(screen.getByRole('status', { name: 'sender' }).textContent).toBe('alice@research.example');
    expect(reads).toEqual({ history: 1, attachments: 1, body: 1 });

    // A saved forward's history row is not in the answer: the history is read again.
    await act(() => writes!.save({ muid, argtype: 'forward', body: '<p>x</p>', forward_subject: 'Fwd: x', forward_to: 'a@research.example' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'history' }).textContent).toBe('123'));
    expect(reads.history).toBe(2);
  });
});
