import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { adminFormValidators } from './codegen/adminFormValidatorsPlugin';

// Three suites: fast unit/rule tests, server integration on a real database, and browser tests.
// Passwords are hashed at scrypt N=2^10 instead of 2^15 (PORTAL_PASSWORD_COST, README): the suites
// hash and verify hundreds of passwords at ~0.37 s CPU each at full cost. Servers the browser tests
// spawn inherit it; the default cost itself is unit-tested.
const env = { PORTAL_PASSWORD_COST: '10' };

export default defineConfig({
  test: {
    projects: [
      // The unit suite renders screens that import the Admin Portal's precompiled validators.
      { plugins: [adminFormValidators(dirname(fileURLToPath(import.meta.url)))], test: { name: 'unit', env, include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/rules/**/*.test.ts'], environment: 'node' } },
      // One migrated database (PGlite dump or template database) made before the files run and copied
      // by each file's openTestDb (tests/server/helpers/migratedTemplate.ts).
      // Two server files side by side: each has its own database (an in-memory PGlite, or its own
      // database on TEST_DATABASE_URL), temporary folders and free ports; one file rarely keeps both cores busy
      // (vitest's default maxWorkers is the machine's parallelism; a per-project value would need its own groupOrder).
      { test: { name: 'server', env, include: ['tests/server/**/*.test.ts'], globalSetup: ['tests/server/helpers/migratedTemplate.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: true } },
      { test: { name: 'e2e', env, include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/helpers/seededDataDirs.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000, fileParallelism: false } },
    ],
  },
});
