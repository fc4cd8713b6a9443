import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/client/ApiError';
import { ProductRefusedError } from '../../../src/api/client/ProductRefusedError';
import { fakePortalApi } from '../../../src/api/client/fakePortalApi';
import { createPortalApi } from '../../../src/api/client/PortalApi';
import type { RequestOptions, Transport } from '../../../src/api/client/Transport';

/** A transport that records each call and answers what the test queued. */
function recording(answers: unknown[] = []) {
  const calls: Array<{ path: string; options?: RequestOptions; form?: FormData }> = [];
  const t: Transport = {
    json: async <T,>(path: string, options?: RequestOptions) => (calls.push({ path, options }), answers.shift() as T),
    raw: async (path, options) => (calls.push({ path, options }), answers.shift() as Response),
    upload: async (path, form, options) => {
      calls.push({ path, form, options: options.headers ? { operationId: options.operationId, headers: options.headers } : { operationId: options.operationId } });
      options.onProgress(5, 0);
      return answers.shift() as { status: number; text: string };
    },
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

describe('the products section (the product editor, 001 §7)', () => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  it("saves through addProduct and answers the product as stored; a rules refusal (422) is a ProductRefusedError with the rules' words", async () => {
    const stored = { product_id: 12, product_status: 0, product_name: 'Acme' };
    const errors = [{ rule: 'product_name.required', field: 'product_name', message: 'Product Name' }];
    const { t, calls } = recording([json({ statusCode: 200, payload: { product_id: 12, index_name: 'products_2024', metadata_version: 'v', product: stored } }), json({ error: 'Unprocessable Entity', message: 'Product Name', errors }, 422)]);
    const api = createPortalApi(t);
    expect(await api.products.save({ product_name: 'Acme' })).toMatchObject({ product_id: 12, product: stored });
    expect(calls[0]).toEqual({ path: '/api/addProduct', options: { method: 'POST', json: { product_name: 'Acme' }, operationId: 'add' } });
    const refused = await api.products.status(12, 'approve', stored).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProductRefusedError);
    expect(refused).toMatchObject({ errors, message: 'Product Name' });
    expect(calls[1]).toMatchObject({ path: '/api/product/12/status', options: { method: 'POST', json: { action: 'approve', product: stored } } });
  });

  it("carries the server's error code on the ApiError (a save refused over another editor's change: lost_update)", async () => {
    const body = { error: 'Conflict', message: 'ann changed this product', code: 'lost_update' };
    const { t } = recording([json(body, 409), json({ error: 'Conflict', message: 'archived' }, 409)]);
    const api = createPortalApi(t);
    expect(await api.products.save({ product_id: 12 }).catch((e: unknown) => e)).toMatchObject({ status: 409, message: 'ann changed this product', code: 'lost_update' });
    const plain = await api.products.save({ product_id: 12 }).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ApiError);
    expect((plain as ApiError).code).toBeUndefined();
  });

  it('returns the move answers that carry a status_code (the dialog words them, 001 §8), and throws for any other', async () => {
    const notFound = { status_code: 404, message: 'Entry Id not found' };
    const { t } = recording([json(notFound, 404), new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })]);
    const api = createPortalApi(t);
    expect(await api.products.moveLookup('7')).toEqual(notFound);
    expect(await api.products.moveValidate('E1').catch((e: unknown) => e)).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it("uploads a new product's file with its media channel before the file, reports progress, and answers the staged token", async () => {
    const payload = { product_id: null, filename: 'a.pdf', mime: 'application/pdf', size: 3, kind: 'pdf', product_pdf: null, staged_upload: 'tok' };
    const { t, calls } = recording([{ status: 200, text: JSON.stringify({ statusCode: 200, payload }) }, { status: 415, text: JSON.stringify({ message: 'This file type is not allowed.' }) }]);
    const api = createPortalApi(t);
    const progress: Array<[number, number]> = [];
    const file = new File(['abc'], 'a.pdf', { type: 'application/pdf' });
    expect(await api.products.upload(file, undefined, (s, total) => progress.push([s, total]), new AbortController().signal, 1)).toEqual(payload);
    expect(calls[0]!.path).toBe('/api/upload-product-media');
    expect([...calls[0]!.form!.keys()]).toEqual(['media_channel', 'file']);
    // No length from the transport: the file's size is the total.
    expect(progress).toEqual([[5, 3]]);
    expect(await api.products.upload(file, 9, () => {}, new AbortController().signal).catch((e: unknown) => e)).toMatchObject({ status: 415, message: 'This file type is not allowed.' });
    expect(calls[1]!.path).toBe('/api/upload-product-media?product_id=9');
  });
});

describe("the product editor's load id (two-editors-on-one-product.md)", () => {
  it('names the editor load with x-editor-id on a save, a status action and an upload; nothing when none is given', async () => {
    const stored = { statusCode: 200, payload: { product_id: 12, index_name: 'products_2024', metadata_version: 'v', product: { product_id: 12 } } };
    const ok = () => new Response(JSON.stringify(stored), { status: 200 });
    const uploaded = { status: 200, text: JSON.stringify({ statusCode: 200, payload: { product_id: 12, filename: 'a.pdf', mime: 'application/pdf', size: 3, kind: 'pdf', product_pdf: 'x' } }) };
    const { t, calls } = recording([ok(), ok(), uploaded, ok()]);
    const api = createPortalApi(t);
    await api.products.save({ product_id: 12 }, 'editor-load-1');
    await api.products.status(12, 'approve', { product_id: 12 }, 'editor-load-1');
    await api.products.upload(new File(['abc'], 'a.pdf'), 12, () => {}, new AbortController().signal, undefined, 'editor-load-1');
    await api.products.save({ product_id: 12 });
    expect(calls.map((c) => c.options?.headers)).toEqual([{ 'x-editor-id': 'editor-load-1' }, { 'x-editor-id': 'editor-load-1' }, { 'x-editor-id': 'editor-load-1' }, undefined]);
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
