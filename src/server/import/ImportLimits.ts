/** Bounds applied to every message before and while it is parsed. */
export interface ImportLimits {
  /** Larger inputs are refused before parsing (bytes). */
  maxMessageBytes: number;
  /** Wall-clock bound for parsing one message; the parser worker is killed past it. */
  timeoutMs: number;
  /** postal-mime maxNestingDepth. */
  maxNestingDepth: number;
  /** postal-mime maxHeadersSize (all parts' headers together, bytes). */
  maxHeadersSize: number;
  /** postal-mime maxRfc822NestingDepth. */
  maxRfc822NestingDepth: number;
  /** More attachments than this are refused (a 10,000-part message is an attack, not a mailing). */
  maxAttachments: number;
  /** Heap bound of a parser worker (MB); a message that needs more fails instead of the server. */
  workerHeapMb: number;
}

export const defaultImportLimits: ImportLimits = {
  maxMessageBytes: 25 * 1024 * 1024,
  timeoutMs: 5_000,
  maxNestingDepth: 64,
  maxHeadersSize: 2 * 1024 * 1024,
  maxRfc822NestingDepth: 5,
  maxAttachments: 500,
  workerHeapMb: 512,
};
