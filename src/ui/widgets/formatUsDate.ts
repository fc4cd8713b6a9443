/** `YYYY-MM-DD` (optionally with a time part) as `MM/DD/YYYY` for the summary; other text unchanged. */
export function formatUsDate(value: unknown): string {
  if (typeof value !== 'string') return value == null ? '' : String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** An instant (ISO 8601) as local `MM/DD/YYYY h:mm AM` (002 §5 display format); other text unchanged. */
export function formatUsDateTime(value: string): string {
  const d = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = d.getHours() % 12 || 12;
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()} ${h}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}
