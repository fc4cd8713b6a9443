import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/openDb';
import { projectRoot } from '../../src/server/paths';
import { copyMigratedDb } from './helpers/startServer';

/** Runs the writer until it has reported `minCommits` commits, then kill -9's it; returns what it reported. */
function writeUntilKilled(dataDir: string, minCommits: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'tests/server/helpers/durabilityWriter.ts'), dataDir], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const committed: number[] = [];
    let buffer = '';
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^committed (\d+)$/.exec(line);
        if (m) committed.push(Number(m[1]));
      }
      // Kill while it is in the middle of its next transaction (it never pauses between them).
      if (!killed && committed.length >= minCommits) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve(committed);
      else reject(new Error(`writer exited on its own (${code}):\n${stderr}`));
    });
  });
}

describe('durability (embedded PGlite)', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-durability-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every committed row after kill -9 mid-write, and reopens with no manual repair', async () => {
    // From the suite's migrated PGlite directory: the first writer skips initdb (seconds of WASM CPU).
    copyMigratedDb(dataDir);
    const reported: number[] = [];
    for (let round = 0; round < 2; round++) {
      // Round 2 starts from the directory round 1 left behind after the kill.
      reported.push(...(await writeUntilKilled(dataDir, 40)));
    }
    expect(reported.length).toBeGreaterThanOrEqual(80);

    const db = await openDb({ dataDir });
    try {
      const rows = await db.query<{ n: number }>('select n from durability_probe order by n');
      const stored = new Set(rows.rows.map((r) => r.n));
      const lost = reported.filter((n) => !stored.has(n));
      expect(lost).toEqual([]);
      // Stored rows are a contiguous 1..max: the kill left no holes (at most one commit unreported).
      const max = Math.max(...stored);
      expect(stored.size).toBe(max);
      expect(max - Math.max(...reported)).toBeLessThanOrEqual(2);
      // The counter was updated in the same transactions: no half-applied commit survives.
      const total = (await db.query<{ total: number }>('select total from durability_counter where id = 1')).rows[0].total;
      expect(total).toBe(stored.size);
      // And the database takes writes again.
      await db.query('insert into durability_probe (n, payload) values ($1, $2)', [max + 1, 'after restart']);
    } finally {
      await db.close();
    }
  });
});
