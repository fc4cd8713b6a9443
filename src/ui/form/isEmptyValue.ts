/** Not entered: undefined, null, '' or an empty list (what the summary hides behind its toggle). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
