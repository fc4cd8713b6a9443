import { isEmptyValue } from '../ops/listOps';

/**
 * What a `required` rule refuses: an empty value (null, "", [] or {}) or text of blanks alone. A
 * Problem flagged with a comment of spaces said nothing (001 §5 'Please Enter Comment'), and a
 * product name or headline of spaces is no name. Stored text is left as typed.
 */
export function isMissingValue(v: unknown): boolean {
  return isEmptyValue(v) || (typeof v === 'string' && v.trim() === '');
}
