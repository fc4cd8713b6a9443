import type { ProductRuleError } from '../products';

/** A save the rules refused (HTTP 422): the problems, as the engine words them. */
export class ProductRefusedError extends Error {
  constructor(readonly errors: ProductRuleError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ProductRefusedError';
  }
}
