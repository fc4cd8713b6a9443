import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInProcess } from '../../server/helpers/startInProcess';
import { copySeededDataDir, startServer, type SeededTemplate, type StartedServer } from '../../server/helpers/startServer';
import { writeAlteredMetadata } from './alteredMetadata';

/**
 * The run's shared portals: one per seeded template with the default configuration, and
 * `alteredMetadata` on the demo template running the metadata an analyst changed as files only
 * (alteredMetadata.ts: the files that show such a change in the browser).
 */
const sharedPortals = {
  demo: { seeded: 'demo', alteredMetadata: false },
  empty: { seeded: 'empty', alteredMetadata: false },
  alteredMetadata: { seeded: 'demo', alteredMetadata: true },
} as const satisfies Record<string, { seeded: SeededTemplate; alteredMetadata: boolean }>;
export type SharedPortal = keyof typeof sharedPortals;

const running: StartedServer[] = [];
const metadataDirs: string[] = [];
const urlEnv = (name: SharedPortal) => `PORTAL_TEST_SHARED_${name.toUpperCase()}_URL`;

/**
 * Starts the shared portal `name` on a copy of its template (browser suite's global set-up,
 * e2eGlobalSetup.ts: once its template is seeded), for the test files that need nothing else
 * (sharedServer). Files run side by side (vitest.config.ts) and see what other files stored: a file
 * on a shared server creates what it needs under names of its own and never asserts on what it did
 * not create (counts, the newest row).
 */
export async function startSharedPortal(name: SharedPortal): Promise<void> {
  const { seeded, alteredMetadata } = sharedPortals[name];
  // The suites' servers load jsdom on first use and refuse a query that would wait for its own transaction
  // (vitest.config.ts): the project's env does not reach global set-up.
  const env: Record<string, string> = { PORTAL_TEST_LAZY_SANITIZER: '1', PORTAL_TEST_TX_GUARD: '1' };
  if (alteredMetadata) {
    const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-metadata-'));
    metadataDirs.push(dir);
    writeAlteredMetadata(dir);
    env.METADATA_DIR = dir;
  }
  // A ceiling, nothing waits on it: the portals start beside the suites' busiest minutes (a start on a copy
  // took 171 s at load ~30, past startServer's default 120 s).
  const server = await startServer({ seeded, env, timeoutMs: 600_000 });
  running.push(server);
  process.env[urlEnv(name)] = server.url;
}

/** Portals started on `template`: startable once it is seeded. */
export const sharedPortalsOn = (template: SeededTemplate): SharedPortal[] => (Object.keys(sharedPortals) as SharedPortal[]).filter((name) => sharedPortals[name].seeded === template);

export async function stopSharedPortals(): Promise<void> {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  for (const dir of metadataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const name of Object.keys(sharedPortals) as SharedPortal[]) delete process.env[urlEnv(name)];
}

/**
 * The run's shared portal `name` (admin's password: e2eAdminPassword). Its stop() leaves it
 * running (the run's teardown stops it); a file that changes the configuration, restarts or kills
 * its server starts its own (startServer({ seeded })).
 */
export function sharedServer(name: SharedPortal): StartedServer {
  const url = process.env[urlEnv(name)];
  if (!url) throw new Error(`no shared server "${name}": tests/e2e/helpers/sharedServers.ts starts them as the browser suite's global set-up`);
  return {
    url,
    port: Number(new URL(url).port),
    dataDir: '',
    output: () => '',
    stop: async () => ({ code: null, signal: null }),
    kill: () => Promise.reject(new Error('a shared server is not a test file\'s to kill: start one with startServer({ seeded })')),
  };
}

/**
 * A portal of the file's own on a copy of `template`, with the default configuration: for a file whose
 * assertions need rows that no other file changes meanwhile (a list's page 2 staying page 2), which
 * the shared portal cannot promise. It costs a server start; use sharedServer where that promise is not needed.
 */
export async function ownPortal(template: SeededTemplate): Promise<StartedServer> {
  // In the worker's process: a spawned start loads the server's modules and PGlite's WASM again.
  const dataDir = mkdtempSync(join(tmpdir(), `portal-own-${template}-`));
  copySeededDataDir(template, dataDir);
  const server = await startInProcess(dataDir);
  return {
    ...server,
    stop: async () => {
      const ended = await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      return ended;
    },
  };
}
