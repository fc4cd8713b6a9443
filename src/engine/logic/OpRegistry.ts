import type { EvalContext } from './EvalContext';

/**
 * A custom operation: receives its evaluated arguments, the current data (json-logic-js `this`) and
 * the evaluation context (`$now`, `$action`, `$prev`; json-logic-js callers build it from the data).
 */
export type CustomOp = (args: unknown[], data: unknown, ctx?: EvalContext) => unknown;

/**
 * The same operation taking its arguments as parameters, for one that reads neither data nor
 * context: generated rules and closures call it without building an arguments array per call.
 */
export type DirectOp = (...args: never[]) => unknown;

/**
 * What an operation's plain-words form may ask of the describer (src/engine/explain/describeLogic):
 * its arguments in words, with field, item-field and code titles from the metadata.
 */
export interface OpWordsContext {
  /** The arguments as written (unevaluated json-logic). */
  args: readonly unknown[];
  /** Argument i in plain words ("Panelist", "the Date values of Panelist"). */
  arg(i: number): string;
  /** Argument i in words; a list of literal values joined by `sep`, each named by the codes of argument 0's field. */
  values(i: number, sep: string): string;
  /** Arguments from i on in plain words, joined by `sep`. */
  rest(from: number, sep: string): string;
  /** The sector / category ids of argument i by their titles ("Banking (87)"), joined by `sep` (default ", "). */
  sectors(i: number, sep?: string): string;
  /** The item field `key` of the list in argument `listArg` by its title ("pp_date" of Panelist: "Date"). */
  itemField(listArg: number, key: unknown): string;
  /** The item fields listed in argument `keysArg` (a key or a list of keys) of the list in `listArg`, by title. */
  itemFields(listArg: number, keysArg: number): string;
}

/** An operation in plain words, e.g. `(w) => \`the latest of ${w.arg(0)}\``. */
export type OpWords = (w: OpWordsContext) => string;

export interface OpInfo {
  name: string;
  fn: CustomOp;
  /** One line for docs. */
  description: string;
  /** The call in plain words for Why? and the rule catalogue; without it the describer names the operation. */
  words?: OpWords;
  /** The call under a `!` in plain words ("is not before"); without it "not (...)". */
  negated?: OpWords;
  /** `fn` with positional arguments (`fn(args)` is `direct(...args)`), when it has one. */
  direct?: DirectOp;
}

/** Custom operations of one engine instance (never global json-logic-js state). */
export class OpRegistry {
  private readonly ops = new Map<string, OpInfo>();

  add(name: string, fn: CustomOp, description = '', words?: OpWords | { words: OpWords; negated?: OpWords }, direct?: DirectOp): this {
    const w = typeof words === 'function' ? { words } : words;
    this.ops.set(name, { name, fn, description, words: w?.words, negated: w?.negated, direct });
    return this;
  }

  get(name: string): CustomOp | undefined {
    return this.ops.get(name)?.fn;
  }

  /** The registry entry of an operation (its description and plain-words form). */
  info(name: string): OpInfo | undefined {
    return this.ops.get(name);
  }

  has(name: string): boolean {
    return this.ops.has(name);
  }

  list(): OpInfo[] {
    return [...this.ops.values()];
  }
}
