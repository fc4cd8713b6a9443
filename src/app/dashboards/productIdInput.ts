/**
 * 000 §5 product id entry: the newly typed text must be digits, spaces or hyphens; otherwise the
 * field is cleared and the message shows.
 */
export function acceptProductId(typed: string, pattern: string): { value: string; rejected: boolean } {
  return new RegExp(pattern).test(typed) ? { value: typed, rejected: false } : { value: '', rejected: true };
}
