/** What one call needs besides its path; the transport adds the session's headers (000 §6). */
export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (sets content-type). */
  json?: unknown;
  /** Any other body (multipart uploads). */
  body?: BodyInit;
  /** The operation id header (000 §6): 'view' unless given. */
  operationId?: 'view' | 'add' | 'edit' | 'delete';
  headers?: Record<string, string>;
  /** Cancels the request (a search superseded by the next keystroke). */
  signal?: AbortSignal;
}

/** A multipart upload that reports its progress (fetch cannot). */
export interface UploadOptions {
  operationId?: RequestOptions['operationId'];
  /** Headers besides the session's (the product editor's load id). */
  headers?: Record<string, string>;
  onProgress(sent: number, total: number): void;
  signal: AbortSignal;
}

/**
 * How the typed client reaches the server: the app's implementation signs requests with the
 * session (src/app/portalApi.ts); a test may give any other.
 */
export interface Transport {
  /** The parsed JSON answer; rejects with ApiError (the server's message) when not 2xx. */
  json<T>(path: string, options?: RequestOptions): Promise<T>;
  /** The raw answer (HTML, PDF, uploads whose status codes the screen maps to messages). */
  raw(path: string, options?: RequestOptions): Promise<Response>;
  /** POSTs a form with progress; answers the status and the body's text (rejects only when the request could not be made). */
  upload(path: string, form: FormData, options: UploadOptions): Promise<{ status: number; text: string }>;
}

export const post = (json: unknown, operationId: RequestOptions['operationId'] = 'view'): RequestOptions => ({ method: 'POST', json, operationId });
