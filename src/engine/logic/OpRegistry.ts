import type { EvalContext } from './EvalContext';

/**
 * A custom operation: receives its evaluated arguments, the current data (json-logic-js `this`) and
 * the evaluation context (`$now`, `$action`, `$prev`; json-logic-js callers build it from the data).
 */
export type CustomOp = (args: unknown[], data: unknown, ctx?: EvalContext) => unknown;

export interface OpInfo {
  name: string;
  fn: CustomOp;
  /** One line for docs and describeLogic. */
  description: string;
}

/** Custom operations of one engine instance (never global json-logic-js state). */
export class OpRegistry {
  private readonly ops = new Map<string, OpInfo>();

  add(name: string, fn: CustomOp, description = ''): this {
    this.ops.set(name, { name, fn, description });
    return this;
  }

  get(name: string): CustomOp | undefined {
    return this.ops.get(name)?.fn;
  }

  has(name: string): boolean {
    return this.ops.has(name);
  }

  list(): OpInfo[] {
    return [...this.ops.values()];
  }
}
