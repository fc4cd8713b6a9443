/**
 * The HTTP API contract: request and response bodies. Every exported type here becomes a JSON
 * Schema in codegen/generated/api-schemas.json (`npm run codegen`), which the server uses to
 * validate requests and serialise responses. Keep these plain data types (no functions, classes).
 */

/**
 * Every error answer: `error` is the HTTP reason phrase, `message` says what went wrong, and `code` (some answers
 * only) names the case for a client that acts on it, e.g. 'lost_update' (docs/decisions/two-editors-on-one-product.md).
 */
export interface ErrorResponse {
  error: string;
  message: string;
  code?: string;
}

/** GET /api/health */
export interface HealthResponse {
  status: 'ok';
  db: 'pglite' | 'postgres';
  /** sha256 of every file under schemas/ and rules/: changes whenever the metadata does. */
  metadata: string;
}
