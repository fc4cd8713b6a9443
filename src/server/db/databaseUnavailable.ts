/**
 * Errors of the PostgreSQL client (src/server/db/postgresDb.ts) that say the database server cannot
 * be reached or is shutting down, rather than that a statement was wrong. Noted where the database is
 * called, so a refused connection to something else (object storage, SMTP) is not taken for one.
 */
const unavailable = new WeakSet<object>();

/** Notes `err` when it says the database does not answer; returns it for rethrowing. */
export function noteIfDatabaseUnavailable(err: unknown): unknown {
  if (err instanceof Error && looksUnavailable(err)) unavailable.add(err);
  return err;
}

/** Whether a database call failed because the database does not answer (noted above). */
export function isDatabaseUnavailable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && unavailable.has(err);
}

/** A database call whose failure is noted when the database does not answer. */
export const noteUnavailable = <T>(call: Promise<T>): Promise<T> =>
  call.catch((err: unknown) => {
    throw noteIfDatabaseUnavailable(err);
  });

/**
 * node's connection errors, pg-pool's connect timeout and lost connection, and PostgreSQL's
 * connection-exception (08xxx), operator-intervention (57P01-03) and too-many-connections SQLSTATEs.
 */
function looksUnavailable(err: Error): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (networkCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300')) return true;
  return lostConnection.test(err.message);
}

const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

// pg and pg-pool say these without a code.
const lostConnection = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** What a user (and the operator reading /api/health) is told while the database does not answer. */
export const databaseUnavailableMessage = 'The database is not answering. Try again in a minute; the error has been logged.';
