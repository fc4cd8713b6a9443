/**
 * Which database passes each server file runs in (vitest.config.ts; tests/unit/suites.test.ts checks
 * the lists). Every file runs on PGlite, which is PostgreSQL's own parser and planner in process
 * behind one connection. The PostgreSQL pass (project `server-postgres`) repeats only the files that
 * exercise what differs on a real server (docs/decisions/test-suites.md): several connections at
 * once, advisory locks, pg-boss and its schema, two instances on one database, the backup's snapshot,
 * the server's collation, a `portal serve` on DATABASE_URL.
 */
const whyPostgres = {
  backup: 'a repeatable-read snapshot beside three writers; restore into a new database',
  crashSafety: 'pg-boss jobs and the liveness advisory lock across a kill -9',
  databaseUnavailable: "the pool's connections cut and new ones refused, as when the server stops: 503, then served again once it is back",
  db: 'migrations in transactions under an advisory lock; the pool runs queries side by side',
  emails: "text sorts and full-text search in the server's collation; status changes on separate connections",
  health: 'a child `portal serve` on DATABASE_URL answers db "postgres"',
  instances: 'two instances: NOTIFY, one queued import run once, a dead instance’s job taken over',
  jobs: 'pg-boss on the server: once per singleton key, retries, failures',
  jobsTwoInstances: "two instances registering pg-boss's queues at once",
  mailSecurity: 'advisory locks under parallel requests: the send quota and the upload reservation',
  restoreRefused: 'a restore refused after pg_restore loaded the database: what it loaded is dropped again, and the next restore there goes through',
  productConflicts: "two saves of one product on separate connections at once: the row lock orders them, the later one is refused",
  sharedStorage: 'two instances on one database and one object store',
  signInThrottle: "parallel sign-ins upserting throttle rows over several connections; a session's activity write beside a connection holding its row",
} as const satisfies Record<string, string>;

/** Server files the PostgreSQL pass runs. */
export const postgresFiles = Object.keys(whyPostgres).map((name) => `tests/server/${name}.test.ts`);

/**
 * PostgreSQL-pass files that also run on PGlite when the pass runs (CI): the embedded default's backup
 * round trip goes through PGlite's own dump, which nothing else covers. The pass's other files run on
 * PostgreSQL only there (vitest.config.ts; PGlite's durability across a kill: durability.test.ts).
 */
export const alsoOnPgliteBesidePostgres = ['tests/server/backup.test.ts'];

/**
 * Server files on the suite's database that PGlite answers as the server would, so the PostgreSQL
 * pass skips them: their SQL goes through one connection a statement at a time, or takes a path a
 * file above runs concurrently on the server (security's parallel sign-ins: signInThrottle;
 * productsMoveAndSendLink's parallel sends: mailSecurity).
 */
export const oneConnectionFiles = [
  'auth', 'authMatrix', 'emailsBulkStatus', 'emailsLogs', 'errors', 'forward', 'import', 'import-hostile', 'lookups', 'media', 'mergeSearchIndexes', 'metrics',
  'objectAccess', 'predictions', 'productOwnership', 'products', 'productsMoveAndSendLink', 'productsSeed', 'routeFuzz', 'ruleChanges', 'rules',
  'rulesCoverage', 'sectionLoaders', 'security', 'seed', 'sessionHardening', 'storedProductsImpact', 'upload', 'warmRoutes',
].map((name) => `tests/server/${name}.test.ts`);

/** Server files that open an embedded database of their own whatever the suite runs on. */
export const pgliteOnlyFiles = ['backupWriteFailure', 'durability', 'embeddedDatabaseInUse', 'metadataReload', 'pdfBomb', 'rulesDiff'].map((name) => `tests/server/${name}.test.ts`);
