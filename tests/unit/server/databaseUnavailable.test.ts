import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiSchemas } from '../../../src/server/apiSchemas';
import type { ServerContext } from '../../../src/server/context';
import { databaseUnavailableMessage, isDatabaseUnavailable, noteIfDatabaseUnavailable, noteUnavailable } from '../../../src/server/db/databaseUnavailable';
import { installErrorHandler, internalErrorMessage } from '../../../src/server/errorHandler';
import { healthRoutes } from '../../../src/server/routes/health';

// With DATABASE_URL's server stopped (or unreachable), every request answered 500 'Something went
// wrong on the server', /api/health too: the sign-in screen told users nothing they could act on and
// the operator's health check did not say the database was the cause. Now: 503, what is wrong, and
// when to try again; a statement's own failure, or another service's refused connection, stays a 500.

const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});
// As the PostgreSQL client's calls fail (src/server/db/postgresDb.ts notes them).
const refused = noteIfDatabaseUnavailable(pgError('connect ECONNREFUSED 127.0.0.1:5998', 'ECONNREFUSED'));

describe('a database that does not answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    addApiSchemas(app);
    installErrorHandler(app);
    const ctx = { config: {}, db: { kind: 'postgres', ping: () => Promise.reject(refused) } } as unknown as ServerContext;
    await app.register(healthRoutes, { ctx });
    app.post('/api/auth/sign-in', () => Promise.reject(refused));
    app.get('/api/broken', () => noteUnavailable(Promise.reject(pgError('relation "nope" does not exist', '42P01'))));
    // Object storage or SMTP refusing a connection is not the database.
    app.get('/api/storage', () => Promise.reject(pgError('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED')));
    await app.ready();
  });
  afterAll(() => app.close());

  it("is told apart from a statement's own failure, for the database's calls only", () => {
    for (const err of [pgError('Connection terminated unexpectedly'), pgError('timeout exceeded when trying to connect'), pgError('terminating connection due to administrator command', '57P01'), pgError('x', '08006'), pgError('getaddrinfo ENOTFOUND db', 'ENOTFOUND')])
      expect(isDatabaseUnavailable(noteIfDatabaseUnavailable(err)), err.message).toBe(true);
    for (const err of [pgError('relation "nope" does not exist', '42P01'), pgError('duplicate key', '23505'), new Error('boom'), 'text'])
      expect(isDatabaseUnavailable(noteIfDatabaseUnavailable(err)), String(err)).toBe(false);
    expect(isDatabaseUnavailable(pgError('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED'))).toBe(false);
  });

  it('answers 503 with what is wrong and Retry-After, on /api/health and on any request; a bad statement stays a 500', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('30');
    expect(health.json()).toEqual({ error: 'Service Unavailable', message: databaseUnavailableMessage });
    expect(databaseUnavailableMessage).toBe('The database is not answering. Try again in a minute; the error has been logged.');

    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toEqual({ error: 'Service Unavailable', message: databaseUnavailableMessage });

    for (const url of ['/api/broken', '/api/storage']) {
      const other = await app.inject({ method: 'GET', url });
      expect(other.statusCode, url).toBe(500);
      expect(other.json()).toEqual({ error: 'Internal Server Error', message: internalErrorMessage });
    }
  });
});
