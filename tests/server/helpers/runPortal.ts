import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../../src/server/paths';
import { testStorageEnv } from './testStorage';

/** Runs `portal <args>` as a child process; resolves with its exit code and output. */
export function runPortal(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(projectRoot, 'bin/portal.js'), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: undefined, LOG_LEVEL: 'warn', ...(env.DATA_DIR ? testStorageEnv(env.DATA_DIR) : {}), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
