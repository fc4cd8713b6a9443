/**
 * What a rule sees besides the document: root-scope vars `$now`, `$action`, `$prev`, `$doc` and
 * `$options.<field path>` resolve here, so evaluation never copies the document to add them.
 */
export interface EvalContext {
  now: string;
  action: string | null;
  prev: unknown;
  /** Allowed option ids per field path, after options rules (filled before required/validate rules run). */
  optionIds: Record<string, unknown[]>;
  /** The whole document (derived values applied), read as `$doc.<path>`: how an item rule sees beyond its item. */
  doc?: unknown;
  /**
   * Bumped when the document changes in place during an evaluation (derived values): sub-expressions
   * computed once per evaluation are computed again after it.
   */
  rev?: number;
}

export type CompiledLogic = (data: unknown, ctx: EvalContext) => unknown;

export function emptyContext(now = ''): EvalContext {
  return { now, action: null, prev: null, optionIds: {} };
}
