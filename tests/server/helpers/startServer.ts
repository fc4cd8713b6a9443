import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../src/server/paths';
import { freePort } from './freePort';
import { testStorageEnv } from './testStorage';

export interface StartedServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /**
   * SIGTERM (SIGKILL after 10 s), then removes the temporary data directory (not a given one).
   * Resolves to how the process ended: a graceful shutdown is `{ code: 0, signal: null }`.
   */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kill -9 (no shutdown at all); the data directory is kept. */
  kill(): Promise<void>;
}

/**
 * Set by the server suite's global set-up on PGlite (tests/server/helpers/migratedTemplate.ts): a
 * migrated PGlite data directory that a server started
 * on a fresh DATA_DIR of its own starts from.
 */
export const migratedDataDirEnv = 'PORTAL_TEST_MIGRATED_DATA_DIR';

/** Copies that migrated database into an empty DATA_DIR when the suite made one; false otherwise. */
export function copyMigratedDb(dataDir: string): boolean {
  const migrated = process.env[migratedDataDirEnv];
  if (!migrated) return false;
  cpSync(migrated, join(dataDir, 'db'), { recursive: true });
  return true;
}

/**
 * The seeded data directories the browser suite's global set-up makes (tests/e2e/helpers/seededDataDirs.ts, run by e2eGlobalSetup.ts;
 * the server suite's on PGlite makes `empty`: migratedTemplate.ts), by the environment their `portal seed` ran with: `demo` is a first start's demo data with 300 demo
 * emails (startServer's default), `empty` the same without emails. Admin's password is e2eAdminPassword.
 */
export const seededTemplates = {
  demo: { DEMO_EMAILS: '300' },
  empty: { DEMO_EMAILS: '0' },
} as const satisfies Record<string, Record<string, string>>;
export type SeededTemplate = keyof typeof seededTemplates;
export const seededDataDirEnv = (name: SeededTemplate): string => `PORTAL_TEST_SEEDED_${name.toUpperCase()}_DATA_DIR`;

/** Copies a seeded template (database and files) into an empty DATA_DIR; throws where the suite made none. */
export function copySeededDataDir(name: SeededTemplate, dataDir: string): void {
  const template = process.env[seededDataDirEnv(name)];
  if (!template) throw new Error(`no seeded data directory "${name}": the browser suite's global set-up makes them (tests/e2e/helpers/seededDataDirs.ts), the server suite's on PGlite makes "empty"`);
  cpSync(template, dataDir, { recursive: true });
}

export interface StartServerOptions {
  /** Extra environment for the child (e.g. DATABASE_URL, SMTP_URL, LOG_LEVEL). */
  env?: Record<string, string | undefined>;
  /** Reuse a data directory instead of a fresh temporary one (it is then not removed). */
  dataDir?: string;
  /** How long to wait for /api/health (first start migrates and loads the demo data). */
  timeoutMs?: number;
  /** `dev` also watches and reloads the metadata (schemas/, rules/ under METADATA_DIR). */
  command?: 'serve' | 'dev';
  /** Run this TypeScript file (through tsx) instead of `bin/portal.js <command>`. */
  entry?: string;
  /**
   * Start on a copy of this seeded template (browser suite) instead of seeding on the first start;
   * only with a fresh data directory. Admin's password is then e2eAdminPassword.
   */
  seeded?: SeededTemplate;
  /** Node options before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** Starts left on another free port when the picked one was taken first (PORTAL_TEST_PORTS; default 3). */
  portRetries?: number;
}

export interface StartedServerProcess extends StartedServer {
  /** The child's pid (for a test that kills it). */
  pid: number;
  /** SIGKILL, no shutdown: what a crashed machine looks like to the other instances. */
  kill(): Promise<void>;
}

/** runServer's banner line, printed once the server listens. */
const bannerPort = /Content Portal is running at http:\/\/localhost:(\d+)/;

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Spawns `node bin/portal.js serve` on a free port with a fresh temporary DATA_DIR, waits until
 * GET /api/health answers 200, and returns its URL and a stop() that shuts it down.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<StartedServerProcess> {
  // Without PORTAL_TEST_PORTS the child binds port 0 and its banner says which port it got: a port
  // picked here and bound seconds later by the child could meanwhile be bound by another test's
  // server, whose /api/health would then answer for this one (a CI run lost a test file to that).
  let port = process.env.PORTAL_TEST_PORTS ? await freePort() : 0;
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-test-'));
  if (opts.seeded) {
    if (!ownDir || opts.env?.DATABASE_URL) throw new Error('startServer: `seeded` starts a fresh embedded data directory of its own');
    copySeededDataDir(opts.seeded, dataDir);
  } else if (ownDir && !opts.env?.DATABASE_URL) copyMigratedDb(dataDir);
  const args = [...(opts.nodeArgs ?? []), ...(opts.entry ? ['--import', 'tsx', opts.entry] : [join(projectRoot, 'bin/portal.js'), opts.command ?? 'serve'])];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      // A test must never pick up the developer's server settings.
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      LOG_LEVEL: 'warn',
      // A slice of the real demo inbox keeps each server start quick; tests that need more say so.
      DEMO_EMAILS: '300',
      // No demo PDFs: their background page rendering would load the machine during other tests.
      DEMO_PDFS: '0',
      // The suite's storage (TEST_STORAGE=s3: this DATA_DIR's prefix in the loopback bucket).
      ...testStorageEnv(dataDir),
      ...opts.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    return { code: child.exitCode, signal: child.signalCode };
  };

  // PORTAL_TEST_START_TIMEOUT_MS: a longer wait on a machine loaded by other work.
  const timeoutMs = opts.timeoutMs ?? (Number(process.env.PORTAL_TEST_START_TIMEOUT_MS) || 120_000);
  const deadline = Date.now() + timeoutMs;
  let lastCheck = 'none yet';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      // PORTAL_TEST_PORTS: another file's server took the port between freePort and this child's listen.
      if (process.env.PORTAL_TEST_PORTS && /EADDRINUSE/.test(out) && (opts.portRetries ?? 3) > 0) return startServer({ ...opts, portRetries: (opts.portRetries ?? 3) - 1 });
      throw new Error(`portal serve exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${out}`);
    }
    // Health is asked only once this child says it listens: on a port picked by freePort another file's
    // server may be the one answering (it bound the port first; this child then fails with EADDRINUSE),
    // and its tests ran against that server until its file stopped it.
    const listening = bannerPort.exec(out);
    if (!port && listening) port = Number(listening[1]);
    if (port && listening) {
      try {
        // A ceiling per check: a server that accepts but never answers (its database busy or stuck) is told from one not listening.
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(30_000) });
        if (res.ok) break;
        lastCheck = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
      } catch (err) {
        const e = err as Error & { cause?: Error };
        lastCheck = `${e.name}: ${e.message}${e.cause ? ` (${e.cause.message})` : ''}`;
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`portal serve did not answer /api/health within ${timeoutMs} ms (port ${port || 'not yet known'}; last check: ${lastCheck}):\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = `http://127.0.0.1:${port}`;
  const kill = async () => {
    child.kill('SIGKILL');
    await exited(child);
  };
  return { url, port, dataDir, output: () => out, stop, pid: child.pid as number, kill };
}
