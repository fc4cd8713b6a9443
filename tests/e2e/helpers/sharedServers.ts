import { seededTemplates, startServer, type SeededTemplate, type StartedServer } from '../../server/helpers/startServer';

const running: StartedServer[] = [];
const urlEnv = (name: SeededTemplate) => `PORTAL_TEST_SHARED_${name.toUpperCase()}_URL`;

/**
 * The browser suite's global set-up, after seededDataDirs.ts (vitest.config.ts): one portal per
 * seeded template with the default configuration, started on a copy of it, for the test files
 * that need nothing else (sharedServer). Files run two at a time (vitest.config.ts) and see what
 * other files stored: a file on a shared server creates what it needs under names of its own and
 * never asserts on what it did not create (counts, the newest row).
 */
export async function setup(): Promise<void> {
  await Promise.all(
    (Object.keys(seededTemplates) as SeededTemplate[]).map(async (name) => {
      const server = await startServer({ seeded: name });
      running.push(server);
      process.env[urlEnv(name)] = server.url;
    }),
  );
}

export async function teardown(): Promise<void> {
  await Promise.all(running.map((s) => s.stop()));
  for (const name of Object.keys(seededTemplates) as SeededTemplate[]) delete process.env[urlEnv(name)];
}

/**
 * The run's shared portal on the seeded template `name` (admin's password: e2eAdminPassword). Its
 * stop() leaves it running (the run's teardown stops it); a file that changes the configuration,
 * restarts or kills its server starts its own (startServer({ seeded })).
 */
export function sharedServer(name: SeededTemplate): StartedServer {
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
