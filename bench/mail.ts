import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { startServer } from '../tests/server/helpers/startServer';
import type { BenchRow } from './BenchRow';

const adminPassword = 'mail-bench-password';
const fileMb = 95;
const uploads = 10;
const budgetMb = 300;

async function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

/** A 95 MB file the forward policy takes as a PDF (the header is what is sniffed). */
async function bigPdf(path: string): Promise<number> {
  const out = createWriteStream(path);
  out.write('%PDF-1.4\n');
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < fileMb; i++) if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return 9 + fileMb * 1024 * 1024;
}

/** Streams one multipart upload from disk (the client holds no file in memory either). */
function upload(url: string, path: string, size: number, headers: Record<string, string>): Promise<number> {
  const boundary = '----mail-bench';
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="email_attachment"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

/**
 * Issue 26 hole 4: peak RSS of a running portal while ten 95 MB attachments upload in parallel
 * (to ten forwards, so all ten stream to storage), over its idle RSS after one warm-up upload.
 * The peak is the kernel's high-water mark (VmHWM, reset before the uploads through clear_refs)
 * and 20 ms samples of VmRSS.
 */
export async function benchMail(): Promise<BenchRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'portal-mail-bench-'));
  const server = await startServer({ env: { PORTAL_ADMIN_PASSWORD: adminPassword, DEMO_EMAILS: '1', DEMO_PDFS: '0', LOG_LEVEL: 'warn' }, timeoutMs: 600_000 });
  try {
    const { url } = server;
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ username: 'admin', password: adminPassword }) });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const token = ((await signIn.json()) as { payload: { access_token: string } }).payload.access_token;
    const headers = { authorization: `Bearer ${token}`, origin: url };
    const json = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const list = await json<{ payload: Array<{ muid: number }> }>('/api/emails/list', { page: 1, perpage: 10, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' });
    const muid = list.payload[0]?.muid;
    if (!muid) throw new Error('no email to forward');
    const efids: number[] = [];
    for (let i = 0; i <= uploads; i++) {
      const saved = await json<{ result: { ids: number } }>('/api/emails/html-body', { muid, argtype: 'forward', body: '<p>bench</p>', forward_subject: `Bench ${i}`, forward_to: 'bench@portal.example' });
      efids.push(saved.result.ids);
    }
    const small = join(work, 'small.pdf');
    writeFileSync(small, '%PDF-1.4\n' + ' '.repeat(10_000));
    const warm = await upload(`${url}/api/emails/upload-attachments/${muid}?efid=${efids[uploads]}`, small, 10_009, headers);
    if (warm !== 200) throw new Error(`warm-up upload: ${warm}`);
    const path = join(work, 'big.pdf');
    const size = await bigPdf(path);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = await procStatus(server.pid, 'VmRSS');
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    let sampled = idle;
    const timer = setInterval(() => void procStatus(server.pid, 'VmRSS').then((v) => (sampled = Math.max(sampled, v)), () => undefined), 20);
    const started = Date.now();
    const codes = await Promise.all(efids.slice(0, uploads).map((efid) => upload(`${url}/api/emails/upload-attachments/${muid}?efid=${efid}`, path, size, headers)));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(timer);
    const peak = Math.max(sampled, await procStatus(server.pid, 'VmHWM'));
    const ok = codes.filter((c) => c === 200).length;
    const growth = peak - idle;
    return [{
      figure: `mail: RSS, ten parallel ${fileMb} MB uploads`,
      value: Math.round(growth),
      unit: 'MB over idle',
      budget: `< ${budgetMb}`,
      pass: growth < budgetMb && ok === uploads,
      detail: `idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB; ${ok}/${uploads} stored (${codes.join(' ')}), ${((uploads * size) / 1048576 / seconds).toFixed(0)} MB/s`,
    }];
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
