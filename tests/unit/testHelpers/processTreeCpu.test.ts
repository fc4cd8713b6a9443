import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTreeCpu } from '../../helpers/processTreeCpu';

// bench/chromiumFlagsCpu.ts measures Chromium's CPU with this: a
// Chromium's ended renderers are counted by the zygote that reaped them, so a descendant's reaped
// children must count as well as the live ones.
describe('processTreeCpu', () => {
  it("counts a live descendant's CPU and the CPU of the children it reaped", async () => {
    // The child burns 0.4 CPU-s itself (CPU, not wall time: on a busy machine a loop gets less CPU than
    // it waits), then starts a grandchild that burns 0.4 CPU-s, waits for it to end (reaping it) and
    // stays alive, reporting that the grandchild is gone.
    const burn = 'for (;;) { const u = process.cpuUsage(); if (u.user + u.system >= 400000) break; }';
    const script = `${burn}
      const { spawn } = require('node:child_process');
      spawn(process.execPath, ['-e', ${JSON.stringify(burn)}], { stdio: 'ignore' }).on('exit', () => { console.log('reaped'); setInterval(() => {}, 1000); });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => String(d).includes('reaped') && resolve()));
      // Both burns, the reaped one included (/proc counts in ticks of 0.01 s).
      expect(processTreeCpu(child.pid!)).toBeGreaterThanOrEqual(0.78);
      expect(processTreeCpu(process.pid)).toBeGreaterThan(processTreeCpu(child.pid!));
    } finally {
      child.kill();
    }
  });

  it('is 0 for a process that does not exist', () => {
    expect(processTreeCpu(2 ** 22 + 1)).toBe(0);
  });
});
