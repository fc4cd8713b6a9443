import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../../..');

/** Runs `node bin/portal.js ...args` like a QA script would. */
export function portal(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin/portal.js'), ...args], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
