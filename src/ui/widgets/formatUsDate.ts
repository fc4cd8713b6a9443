/** `YYYY-MM-DD` (optionally with a time part) as `MM/DD/YYYY` for the summary; other text unchanged. */
export function formatUsDate(value: unknown): string {
  if (typeof value !== 'string') return value == null ? '' : String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}
