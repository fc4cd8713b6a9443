/**
 * An error a route throws on purpose: the error handler answers `{error, message}` with its status, and `code` when
 * given (a machine-readable name the client acts on instead of matching the words, which analysts may reword).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(statusCode: number, message: string, code?: string): HttpError {
  return new HttpError(statusCode, message, code);
}
