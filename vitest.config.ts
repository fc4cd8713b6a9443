import { dirname } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { adminFormValidators } from './codegen/adminFormValidatorsPlugin';
import { ruleFunctions } from './codegen/ruleFunctionsPlugin';
import { EnvironmentGroupedSequencer } from './tests/helpers/environmentGroupedSequencer';
import { alsoOnPgliteBesidePostgres, postgresFiles } from './tests/postgresFiles';

// Suites by what they need (README "Tests"): `unit` no database (tests/unit, tests/rules, server
// modules that touch no database under tests/unit/server), `server` a real database (tests/server:
// PGlite in process), `server-postgres` the same files where PostgreSQL itself matters, on the
// TEST_DATABASE_URL server (only defined when it is set: CI's second pass), `e2e` Chromium against
// servers started on copies of seeded data directories.
// Passwords are hashed at scrypt N=2^10 instead of 2^15 (PORTAL_PASSWORD_COST, README): the suites
// hash and verify hundreds of passwords at ~0.37 s CPU each at full cost. Servers the browser tests
// spawn inherit it; the default cost itself is unit-tested. Their servers load the forward sanitizer's
// jsdom on first use (PORTAL_TEST_LAZY_SANITIZER, README): ~a quarter of a start's CPU, before listening
// in production (tests/unit/server/warmUp.test.ts).
// PGlite's WebAssembly runs on Liftoff alone (PORTAL_V8_FLAGS, README) in the suites' workers (tests/helpers/v8Flags.ts),
// the servers they start and this process (the global set-ups' databases): TurboFan's compile of PostgreSQL's hot
// functions costs more CPU than a test's queries win back. PORTAL_V8_FLAGS= (empty) compares without it.
// AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: the S3 servers of the suites would each print the SDK's notice
// that its releases after January 2027 need Node 22 (package-lock pins one that runs on Node 20); `portal serve` keeps it.
const env = { PORTAL_PASSWORD_COST: '10', PORTAL_TEST_LAZY_SANITIZER: '1', PORTAL_TEST_TX_GUARD: '1', PORTAL_V8_FLAGS: process.env.PORTAL_V8_FLAGS ?? '--liftoff-only', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
if (env.PORTAL_V8_FLAGS) {
  setFlagsFromString(env.PORTAL_V8_FLAGS);
  process.env.PORTAL_V8_FLAGS = env.PORTAL_V8_FLAGS; // the global set-ups' `portal` children
}
// PORTAL_TEST_CPU_LOG=<file>: each test file appends its CPU and wall seconds there (tests/helpers/cpuPerFile.ts).
const setupFiles = ['tests/helpers/v8Flags.ts', ...(process.env.PORTAL_TEST_CPU_LOG ? ['tests/helpers/cpuPerFile.ts'] : [])];

// One migrated database (PGlite dump or template database) made before the files run and copied by
// each file's openTestDb (tests/server/helpers/migratedTemplate.ts). Two server files side by side:
// each has its own database (an in-memory PGlite, or its own database on TEST_DATABASE_URL),
// temporary folders and free ports; one file rarely keeps both cores busy.
// Browser files three at a time (the project's own maxWorkers: vitest's default is cores - 1, one
// file at a time on 2 cores): a file mostly waits on its server and Chromium, and each creates its
// own data on the shared portals (tests/e2e/helpers/sharedServers.ts). A project with its own
// maxWorkers needs its own sequence.groupOrder: run together with unit and server, it runs after them.
// PORTAL_E2E_SERIAL=1 runs them one after another (to compare, or to read one file's output).
// isolate: false: a worker runs its next file in the same process (playwright-core, the server
// modules a file prepares data with, tsx's transforms loaded once per worker, not once per file);
// the files keep no state in modules (each has its own contexts, servers and data).
// expect.poll waits for the condition it asserts; vitest's 1 s default deadline is shorter than a page's
// work on a busy machine (a browser test's own waits use Playwright's 30 s).
// Set by `npm test` when the PostgreSQL pass runs and the run is not `test:full` (scripts/test.sh): the
// PostgreSQL pass's files then run there only, not on PGlite as well, but for alsoOnPgliteBesidePostgres
// (docs/decisions/test-suites.md).
const serverOnPostgresOnly = process.env.PORTAL_TEST_POSTGRES_FILES_ON_POSTGRES_ONLY === '1' ? postgresFiles.filter((f) => !alsoOnPgliteBesidePostgres.includes(f)) : [];

const e2eFilesAtOnce = process.env.PORTAL_E2E_SERIAL === '1' ? 1 : 3;

// hookTimeout 300 s: a ceiling for a hung set-up, nothing waits on it (seed.test's beforeAll seeds demo data: 71 s at load ~10,
// over 120 s at load ~20 when the machine is shared). tests/helpers/keptSchemaCode.ts: the apps the files build in process compile their validators as a `portal` process does.
// isolate: false as in the unit project: a file imports the server's modules once per worker instead of
// once per file (~3 s of CPU each); a file restores the process state it changes (env, timers).
const serverSuite: TestProjectInlineConfiguration['test'] = { env, setupFiles: [...setupFiles, 'tests/helpers/keptSchemaCode.ts'], isolate: false, globalSetup: ['tests/server/helpers/migratedTemplate.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 300_000, fileParallelism: true };

export default defineConfig({
  test: {
    // Each project's files of one environment run together: a shared worker is ended when the next file needs another (tests/helpers/environmentGroupedSequencer.ts).
    sequence: { sequencer: EnvironmentGroupedSequencer },
    projects: [
      // The unit suite renders screens that import the Admin Portal's precompiled validators and the build's rule functions.
      // isolate: false: its files share their worker's process and module cache instead of a new process each (a file
      // restores what it changes: timers, globals, the DOM). testTimeout 30 s: some tests are CPU-bound for a second or
      // two (whole-source scans, property runs) and npm test runs them beside the other suites on two cores, where
      // vitest's 5 s default failed them; the timeout is a ceiling for hung tests, nothing waits on it.
      // `typescript` (the source scans' parser) through require: tests/helpers/typescriptByRequire.ts.
      { plugins: [adminFormValidators(dirname(fileURLToPath(import.meta.url))), ruleFunctions(dirname(fileURLToPath(import.meta.url)))], resolve: { alias: [{ find: /^typescript$/, replacement: fileURLToPath(new URL('tests/helpers/typescriptByRequire.ts', import.meta.url)) }] }, test: { name: 'unit', env, setupFiles, isolate: false, testTimeout: 30_000, include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/rules/**/*.test.ts'], environment: 'node' } },
      { test: { ...serverSuite, name: 'server', include: ['tests/server/**/*.test.ts'], exclude: [...configDefaults.exclude, ...serverOnPostgresOnly] } },
      // The production-like pass keeps files in object storage too (TEST_STORAGE=s3: a loopback S3 server).
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...serverSuite, env: { ...env, TEST_STORAGE: 's3' }, name: 'server-postgres', include: postgresFiles } }] : []),
      // tests/system: files that run a system package (haproxy) the browser step installs with Chromium (scripts/ensure-system-packages.sh).
      { test: { name: 'e2e', env: { ...env, PORTAL_TEST_SUITE_BROWSER: '1' }, setupFiles, isolate: false, include: ['tests/e2e/**/*.test.ts', 'tests/system/**/*.test.ts'], globalSetup: ['tests/e2e/helpers/e2eGlobalSetup.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, maxWorkers: e2eFilesAtOnce, fileParallelism: e2eFilesAtOnce > 1, sequence: { groupOrder: 1 }, expect: { poll: { timeout: 15_000 } } } },
    ],
  },
});
