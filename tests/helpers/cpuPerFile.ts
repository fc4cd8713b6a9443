import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';
import { projectRoot } from '../../src/server/paths';

/**
 * A setup file when PORTAL_TEST_CPU_LOG names a file (vitest.config.ts): appends one JSON line per
 * test file with its wall time and the CPU seconds of its worker process and of the child
 * processes it waited for (servers, commands), from importing the file to its end, and when it ran (epoch ms:
 * to match with samples of the whole machine taken beside a serial run). vitest's
 * durations are wall time only, which on a shared machine says little about a file's cost.
 */
const log = process.env.PORTAL_TEST_CPU_LOG;

/** utime + stime + cutime + cstime of this process, in seconds (proc(5); clock ticks of 1/100 s). */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime..cstime are fields 14..17.
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
}

if (log) {
  const cpuStart = cpuSeconds();
  const wallStart = performance.now();
  const startedAt = Date.now();
  afterAll(() => {
    const file = relative(projectRoot, expect.getState().testPath ?? 'unknown');
    const line = { file, postgres: Boolean(process.env.TEST_DATABASE_URL), cpuS: +(cpuSeconds() - cpuStart).toFixed(2), wallS: +((performance.now() - wallStart) / 1000).toFixed(2), startedAt, endedAt: Date.now() };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
