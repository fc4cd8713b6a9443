/**
 * The server files the PostgreSQL pass runs (vitest.config.ts, project `server-postgres`): those
 * whose database is the suite's (openTestDb, productsKit, createTestDatabase, testDbKind). A file
 * whose child process always opens an embedded database of its own (pgliteOnlyFiles) runs on PGlite
 * only. tests/unit/suites.test.ts checks the list.
 */
export const postgresFiles = [
  'auth', 'authMatrix', 'backup', 'crashSafety', 'db', 'emails', 'emailsBulkStatus', 'emailsLogs', 'errors', 'forward', 'health', 'import',
  'import-hostile', 'instances', 'jobs', 'jobsTwoInstances', 'lookups', 'mailSecurity', 'media', 'metrics', 'objectAccess', 'predictions',
  'productOwnership', 'products', 'productsMoveAndSendLink', 'productsSeed', 'routeFuzz', 'rules', 'rulesCoverage', 'sectionLoaders',
  'security', 'seed', 'sessionHardening', 'sharedStorage', 'signInThrottle', 'upload',
].map((name) => `tests/server/${name}.test.ts`);

/** Server files that open an embedded database of their own whatever the suite runs on. */
export const pgliteOnlyFiles = ['durability', 'mediaRestart', 'metadataReload', 'pdfBomb', 'rulesDiff'].map((name) => `tests/server/${name}.test.ts`);
