import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorResponse } from '../api/types';
import { databaseUnavailableMessage, isDatabaseUnavailable } from './db/databaseUnavailable';
import { emailMessages } from './emails/emailMessages';
import { HttpError } from './httpError';

/** Shown instead of the real cause of a server error; the cause goes to the log with the request id. */
export const internalErrorMessage = 'Something went wrong on the server. The error has been logged.';

function statusOf(err: Partial<FastifyError>): number {
  const s = err.statusCode;
  return typeof s === 'number' && s >= 400 && s <= 599 ? s : 500;
}

export function errorBody(status: number, message: string, code?: string): ErrorResponse {
  const body: ErrorResponse = { error: STATUS_CODES[status] ?? 'Error', message };
  if (code) body.code = code;
  return body;
}

/**
 * Every failure becomes JSON `{error, message}` with its status (plus `code` when an HttpError names one; Fastify's
 * own error codes stay in the log): 400 for malformed JSON and schema
 * failures (404 with the email area's emailMissing message for a malformed email id in the path), 404 for unknown /api routes, 413 for bodies over the limit, 503 with
 * databaseUnavailableMessage while the database does not answer, and 500 with a generic message for
 * anything unexpected (stack logged, never sent).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // An address whose email id is no id at all (/email/abc, a mistyped link) names no email: the
    // screens show the same answer as for an id that does not exist, not the schema's pattern.
    if (err.validationContext === 'params' && err.validation?.some((v) => v.instancePath === '/muid')) {
      req.log.info({ status: 404, message: err.message }, 'request refused');
      return reply.code(404).type('application/json').send(errorBody(404, emailMessages().emailMissing));
    }
    // A stopped or unreachable database is not a bug in the request: 503 with what is wrong (the
    // sign-in screen, the dashboards and /api/health show it), and when to try again.
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'request failed: the database does not answer');
      return reply.code(503).header('retry-after', '30').type('application/json').send(errorBody(503, databaseUnavailableMessage));
    }
    const status = statusOf(err);
    if (status >= 500) {
      req.log.error({ err }, 'request failed');
      return reply.code(status).type('application/json').send(errorBody(status, internalErrorMessage));
    }
    req.log.info({ status, code: err.code, message: err.message }, 'request refused');
    return reply.code(status).type('application/json').send(errorBody(status, err.message, err instanceof HttpError ? err.code : undefined));
  });
}
