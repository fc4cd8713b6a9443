import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Set by scripts/test.sh: a folder of this `npm test` run. The server suite's and the browser suite's
 * global set-ups run in separate vitest processes and both need the seeded template `empty` (a
 * `portal seed`, ~30 CPU-s): with this set, the first to ask makes it there and the other waits for it.
 */
export const runDirEnv = 'PORTAL_TEST_RUN_DIR';

/**
 * The folder `name`, made by `make` once per run: in the run folder when PORTAL_TEST_RUN_DIR is set
 * (another process may be making it: waits until it is there), otherwise `ownDir`, made here.
 * Callers copy it, never change it.
 */
export async function madeOncePerRun(name: string, ownDir: string, make: (dir: string) => Promise<void>): Promise<string> {
  const runDir = process.env[runDirEnv];
  if (!runDir) {
    await make(ownDir);
    return ownDir;
  }
  const dir = join(runDir, name);
  const failed = `${dir}.failed`;
  try {
    // mkdir is atomic: exactly one process makes it.
    mkdirSync(`${dir}.making`, { recursive: false });
  } catch {
    // A ceiling for a maker that died without a word (killed): making it takes seconds to a minute.
    const deadline = Date.now() + 900_000;
    for (;;) {
      if (existsSync(dir)) return dir;
      if (existsSync(failed)) throw new Error(`${name}: another suite's set-up could not make it: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline) throw new Error(`${name}: another suite's set-up did not make it within 900 s (${dir})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const partial = `${dir}.partial`;
  try {
    await make(partial);
    renameSync(partial, dir);
    return dir;
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    writeFileSync(failed, (err as Error).message);
    throw err;
  }
}
