/**
 * A date as typed: `MM/DD/YYYY` (the display format, 002 §9; one-digit month and day and `-` or `.`
 * separators too) or `YYYY-MM-DD` (storage, 001 §9). Returns `YYYY-MM-DD`, or null when the text is
 * not a real calendar day in one of those forms.
 */
export function parseTypedDate(text: string): string | null {
  const t = text.trim();
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const [y, m, d] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(m) - 1 || date.getDate() !== Number(d)) return null;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}
