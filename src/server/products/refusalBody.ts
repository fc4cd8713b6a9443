import type { ProductRefusedResponse } from '../../api/products';
import type { RuleError } from '../../engine/types';

/** The 422 answer: every problem the rules found, as `{rule, field, message}`. */
export function refusalBody(errors: RuleError[]): ProductRefusedResponse {
  return { error: 'Unprocessable Entity', message: errors.map((e) => e.message).join('\n'), errors };
}
