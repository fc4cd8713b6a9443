import type { RuleError } from '../../engine/types';

/** The rules refuse the write: the route answers 422 `{errors}` and nothing was stored. */
export class ProductRefused extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: RuleError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'ProductRefused';
  }
}
