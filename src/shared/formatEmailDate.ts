const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 000 §9: MM/DD/YYYY hh:mm:ss AM/PM, in the viewer's local time (the browser), or in UTC where no
 * viewer's zone is known (the server's processed HTML and PDF, which say so); '' for no date.
 */
export function formatEmailDate(value: string | Date | null | undefined, opts: { utc?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const [year, month, day, h, min, s] = opts.utc
    ? [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    : [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(month + 1)}/${pad(day)}/${year} ${pad(h12)}:${pad(min)}:${pad(s)} ${h < 12 ? 'AM' : 'PM'}`;
}
