/** An answer that was not 2xx, with the server's `{error, message, code?}` message and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's machine-readable name of the case (ErrorResponse.code), e.g. 'lost_update'. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** From a parsed error body: its message (else `fallback`, the status text) and its code when it has one. */
  static of(status: number, body: unknown, fallback: string): ApiError {
    const b = body && typeof body === 'object' ? (body as { message?: unknown; code?: unknown }) : {};
    return new ApiError(status, b.message !== undefined && b.message !== null ? String(b.message) : fallback, typeof b.code === 'string' ? b.code : undefined);
  }
}
