import { readFileSync, writeFileSync } from 'node:fs';
import type { Bench, BenchRow } from './BenchRow';
import { bombPdf } from '../tests/server/helpers/bombPdf';
import { startServer } from '../tests/server/helpers/startServer';
import { approvableProduct } from '../tests/server/productsKit';

/** Peak RSS a bomb may add to the idle server (issue 26 §3). */
const BUDGET_MB = 300;
const password = 'bench-pdf-bomb-admin';

/** VmRSS and VmHWM (peak since the last reset) of a process, in MB (Linux /proc). */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

/**
 * `npm run bench -- pdf-bomb`: a portal process is given issue 26 §3's decompression bomb (one
 * 40000 x 40000 FlateDecode image, 4.7 MB of PDF, 4.8 GB decoded) as a product's PDF; the row is
 * its peak RSS over the idle server's while the job runs to its end (VmHWM, reset before the
 * upload), and where its RSS settles afterwards.
 */
export const pdfBombBench: Bench = {
  name: 'pdf-bomb',
  async run(): Promise<BenchRow[]> {
    const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: password, DEMO_EMAILS: '0', LOG_LEVEL: 'error' }, timeoutMs: 600_000 });
    try {
      const api = async <T>(path: string, init: RequestInit = {}, token?: string): Promise<T> => {
        const res = await fetch(`${server.url}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      };
      const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const token = (await api<{ payload: { access_token: string } }>('/api/auth/sign-in', json({ username: 'admin', password }))).payload.access_token;
      const id = (await api<{ payload: { product_id: number } }>('/api/addProduct', json(approvableProduct({ product_pdf: '' })), token)).payload.product_id;
      const bomb = await bombPdf();
      const form = new FormData();
      form.append('product_id', String(id));
      form.append('file', new Blob([new Uint8Array(bomb)], { type: 'application/pdf' }), 'bomb.pdf');
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
      const idle = memoryMb(server.pid).rss;
      const t0 = performance.now();
      await api('/api/upload-product-media', { method: 'POST', body: form }, token);
      let state: { status: string; error: string | null } = { status: 'pending', error: null };
      while (state.status !== 'done' && state.status !== 'failed') {
        await new Promise((r) => setTimeout(r, 100));
        state = (await api<{ payload: { processing: { status: string; error: string | null } } }>(`/api/upload-pdf?product_id=${id}`, {}, token)).payload.processing;
      }
      const ms = performance.now() - t0;
      const peak = memoryMb(server.pid).peak;
      await new Promise((r) => setTimeout(r, 2000));
      const after = memoryMb(server.pid).rss;
      const added = peak - idle;
      return [
        {
          figure: 'peak RSS while processing the bomb PDF (40000 x 40000 image), over the idle server',
          value: Math.round(added),
          unit: 'MB',
          budget: `< ${BUDGET_MB}`,
          pass: added < BUDGET_MB && state.status === 'failed',
          detail: `idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB 2 s after; job ${state.status} in ${(ms / 1000).toFixed(1)} s: ${state.error ?? ''}`,
        },
      ];
    } finally {
      await server.stop();
    }
  },
};
