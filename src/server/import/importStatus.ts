/**
 * Import log status codes (HTTP-like). Status 1 (Success) carries 200 or 208, status 0 (Failure)
 * one of the others; `reason` says what happened in words.
 */
export const importStatus = {
  imported: 200,
  alreadyImported: 208,
  empty: 400,
  timeout: 408,
  tooLarge: 413,
  unparseable: 422,
  storeFailed: 500,
} as const;

export type ImportStatusCode = (typeof importStatus)[keyof typeof importStatus];

/** A message refused with a log status code and a human-readable reason. */
export class ImportFailure extends Error {
  constructor(
    readonly statusCode: ImportStatusCode,
    reason: string,
  ) {
    super(reason);
  }
}
