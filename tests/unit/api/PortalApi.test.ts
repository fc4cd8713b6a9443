import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client/ApiError';
import { fakePortalApi } from '../../../src/api/client/fakePortalApi';
import { createPortalApi } from '../../../src/api/client/PortalApi';
import type { RequestOptions, Transport } from '../../../src/api/client/Transport';

/** A transport that records each call and answers what the test queued. */
function recording(answers: unknown[] = []) {
  const calls: Array<{ path: string; options?: RequestOptions }> = [];
  const t: Transport = {
    json: async <T,>(path: string, options?: RequestOptions) => (calls.push({ path, options }), answers.shift() as T),
    raw: async (path, options) => (calls.push({ path, options }), answers.shift() as Response),
  };
  return { t, calls };
}

describe('createPortalApi (issue 28 item 8: one typed client)', () => {
  it('sends the dashboard calls of 000 §7 with their operation ids', async () => {
    const { t, calls } = recording();
    const api = createPortalApi(t);
    const request = { page: 2, perpage: 20, panelist: 'all', dashboard: 'focus', sorting_field: 'muid', sorting_direction: 'asc' } as const;
    await api.emails.list(request);
    await api.emails.update([{ muid: 7, deleted: 4 }]);
    await api.emails.move([7, 8], 'glacier');
    await api.emails.states('0');
    await api.spacey.senderDetails('ann', 'name');
    await api.admin.deleteRole(3);
    expect(calls).toEqual([
      { path: '/api/emails/list', options: { method: 'POST', json: request, operationId: 'view' } },
      { path: '/api/emails', options: { method: 'POST', json: { type: 'update', payload: [{ muid: 7, deleted: 4 }] }, operationId: 'edit' } },
      { path: '/api/emails/move-to-glacier', options: { method: 'POST', json: { muids: [7, 8] }, operationId: 'edit' } },
      { path: '/api/emails/states/0', options: undefined },
      { path: '/api/spacey/sender-details', options: { method: 'POST', json: { query: 'ann', searchBy: 'name' }, operationId: 'view' } },
      { path: '/api/admin/roles/3', options: { method: 'DELETE', operationId: 'delete' } },
    ]);
  });

  it("reads raw answers and turns a refusal into an ApiError with the server's message", async () => {
    const refused = new Response(JSON.stringify({ error: 'Not Found', message: 'Email not found.' }), { status: 404, statusText: 'Not Found' });
    const { t } = recording([new Response('<p>hi</p>', { status: 200 }), refused]);
    const api = createPortalApi(t);
    expect(await api.media.processedHtml(5)).toBe('<p>hi</p>');
    const err = await api.media.processedHtml(6).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, message: 'Email not found.' });
  });
});

describe('fakePortalApi', () => {
  it('answers what the test set and names any call it did not', async () => {
    const api = fakePortalApi({ emails: { rawData: async () => ({ newestDay: null }) as never } });
    expect(await api.emails.rawData()).toEqual({ newestDay: null });
    expect(() => api.emails.detail(1)).toThrow('fakePortalApi: emails.detail was called but not set by this test');
    expect(() => api.metadata()).toThrow('fakePortalApi: metadata was called but not set by this test');
  });
});
