import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultImportLimits } from '../../../src/server/import/ImportLimits';
import { closeParserPools, leaseParserPool } from '../../../src/server/import/leaseParserPool';

// Issue 10 item 6: parser workers are kept between imports (a new worker re-learns postal-mime on
// every import), without holding the process open or mixing up two imports' requests.
afterAll(() => closeParserPools());

const message = (n: number) => Buffer.from(`From: Shop ${n} <offers@shop${n}.example>\r\nTo: panelist@example.com\r\nSubject: Offer number ${n}\r\nDate: Tue, 3 Mar 2020 10:00:00 +0000\r\n\r\nSave ${n}% on everything this week.\r\n`);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('leaseParserPool', { timeout: 60_000 }, () => {
  it('serves the next import with the same warm workers', async () => {
    const a = leaseParserPool(defaultImportLimits, 1);
    expect((await a.parse(message(1), sha(message(1)))).subject).toBe('Offer number 1');
    const workers = a.threadIds();
    a.release();
    const b = leaseParserPool(defaultImportLimits, 1);
    expect((await b.parse(message(2), sha(message(2)))).subject).toBe('Offer number 2');
    expect(b.threadIds()).toEqual(workers);
    b.release();
    await expect(b.parse(message(3), sha(message(3)))).rejects.toThrow('parser lease is released');
  });

  it("drops a released import's queued requests and keeps the other import's", async () => {
    const first = leaseParserPool(defaultImportLimits, 1);
    const second = leaseParserPool(defaultImportLimits, 1);
    // More than a worker takes at once (256), so some of the first import's requests are still queued.
    const mine = Array.from({ length: 600 }, (_, i) => first.parse(message(i), sha(message(i))).then(() => 'parsed', (e: Error) => e.message));
    const theirs = Array.from({ length: 20 }, (_, i) => second.parse(message(1000 + i), sha(message(1000 + i))));
    first.release();
    const outcomes = await Promise.all(mine);
    expect(outcomes).toContain('import stopped');
    expect(outcomes.filter((o) => o !== 'parsed' && o !== 'import stopped')).toEqual([]);
    expect((await Promise.all(theirs)).map((m) => m.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `Offer number ${1000 + i}`));
    second.release();
  });

  it('lets the process exit while its workers wait for the next import', () => {
    const script = `
      import { leaseParserPool } from ${JSON.stringify(fileURLToPath(new URL('../../../src/server/import/leaseParserPool.ts', import.meta.url)))};
      import { defaultImportLimits } from ${JSON.stringify(fileURLToPath(new URL('../../../src/server/import/ImportLimits.ts', import.meta.url)))};
      const lease = leaseParserPool(defaultImportLimits, 1);
      const m = await lease.parse(Buffer.from('Subject: hi\\r\\nFrom: a@b.example\\r\\n\\r\\nbody\\r\\n'), 'x');
      lease.release();
      console.log('parsed ' + m.subject);
    `;
    const dir = mkdtempSync(join(tmpdir(), 'portal-lease-'));
    const file = join(dir, 'lease.mts');
    writeFileSync(file, script);
    const t = Date.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('parsed hi');
    // Well under the 60 s the idle workers are kept.
    expect(Date.now() - t).toBeLessThan(20_000);
  });
});
