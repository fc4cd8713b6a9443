import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { ParserPool } from '../../../src/server/import/ParserPool';
import { defaultImportLimits } from '../../../src/server/import/ImportLimits';
import { bundleParseWorker, parseWorkerBootUrl, parseWorkerUrl } from '../../../src/server/import/parseWorkerBundle';

// Issue 10 item 6: parser workers start from an esbuild bundle kept in a cache that a changed
// source invalidates (through tsx each worker spent ~0.2 s loading its modules).
const tmp = mkdtempSync(join(tmpdir(), 'portal-worker-bundle-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const runWorker = (url: URL) =>
  new Promise<unknown>((resolve, reject) => {
    const w = new Worker(url);
    w.once('message', (m) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });

describe('the parser worker bundle', { timeout: 60_000 }, () => {
  it('bundles the entry with its imports, reuses it while the sources are unchanged and rebuilds when one changes', async () => {
    const src = join(tmp, 'src');
    const cacheDir = join(tmp, 'cache');
    mkdirSync(src);
    writeFileSync(join(src, 'greeting.ts'), "export const greeting: string = 'hello';\n");
    writeFileSync(join(src, 'entry.ts'), "import { parentPort } from 'node:worker_threads';\nimport { greeting } from './greeting';\nparentPort?.postMessage(greeting);\n");

    const first = bundleParseWorker({ entry: join(src, 'entry.ts'), cacheDir });
    expect(fileURLToPath(first).startsWith(cacheDir)).toBe(true);
    expect(await runWorker(first)).toBe('hello');
    const builtAt = statSync(fileURLToPath(first)).mtimeMs;

    const again = bundleParseWorker({ entry: join(src, 'entry.ts'), cacheDir });
    expect(again.href).toBe(first.href);
    expect(statSync(fileURLToPath(again)).mtimeMs).toBe(builtAt);

    writeFileSync(join(src, 'greeting.ts'), "export const greeting: string = 'changed';\n");
    const rebuilt = bundleParseWorker({ entry: join(src, 'entry.ts'), cacheDir });
    expect(rebuilt.href).not.toBe(first.href);
    expect(await runWorker(rebuilt)).toBe('changed');
  });

  it('runs from memory when the cache folder cannot be written', async () => {
    const src = join(tmp, 'src2');
    mkdirSync(src);
    writeFileSync(join(src, 'entry.ts'), "import { parentPort } from 'node:worker_threads';\nparentPort?.postMessage(['from', 'memory'].join(' '));\n");
    writeFileSync(join(tmp, 'a-file'), 'not a folder');
    const url = bundleParseWorker({ entry: join(src, 'entry.ts'), cacheDir: join(tmp, 'a-file', 'cache') });
    expect(url.protocol).toBe('data:');
    expect(await runWorker(url)).toBe('from memory');
  });

  it('is what the parser pool starts, and it parses', async () => {
    const url = parseWorkerUrl();
    expect(url.href).not.toBe(parseWorkerBootUrl.href);
    expect(fileURLToPath(url)).toContain(join('node_modules', '.cache', 'content-portal', 'parse-worker'));
    const pool = new ParserPool(defaultImportLimits, 1);
    try {
      const row = await pool.parse(Buffer.from('From: Deals <deals@shop.example>\r\nTo: pat@panel.example\r\nSubject: Winter sale\r\n\r\nForty percent off.\r\n'), 'abc');
      expect(row).toMatchObject({ subject: 'Winter sale', fromAddress: 'deals@shop.example', recipients: ['pat@panel.example'] });
    } finally {
      await pool.close();
    }
  });
});
