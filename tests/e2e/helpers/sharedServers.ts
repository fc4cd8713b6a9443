import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type SeededTemplate, type StartedServer } from '../../server/helpers/startServer';
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
 * The browser suite's global set-up, after seededDataDirs.ts (vitest.config.ts): the shared portals,
 * each started on a copy of its template, for the test files that need nothing else (sharedServer).
 * Files run two at a time (vitest.config.ts) and see what other files stored: a file on a shared
 * server creates what it needs under names of its own and never asserts on what it did not create
 * (counts, the newest row).
 */
export async function setup(): Promise<void> {
  await Promise.all(
    (Object.keys(sharedPortals) as SharedPortal[]).map(async (name) => {
      const { seeded, alteredMetadata } = sharedPortals[name];
      let env: Record<string, string> | undefined;
      if (alteredMetadata) {
        const dir = mkdtempSync(join(tmpdir(), 'portal-e2e-metadata-'));
        metadataDirs.push(dir);
        writeAlteredMetadata(dir);
        env = { METADATA_DIR: dir };
      }
      const server = await startServer({ seeded, env });
      running.push(server);
      process.env[urlEnv(name)] = server.url;
    }),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(running.map((s) => s.stop()));
  for (const dir of metadataDirs) rmSync(dir, { recursive: true, force: true });
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
