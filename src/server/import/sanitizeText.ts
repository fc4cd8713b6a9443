/**
 * Makes a decoded string storable in a PostgreSQL text column: NUL is not allowed there and
 * lone UTF-16 surrogates (from bad charsets) are not valid UTF-8.
 */
export function sanitizeText(s: string | undefined | null, maxChars = Infinity): string {
  if (!s) return '';
  let out = s.length > maxChars ? s.slice(0, maxChars) : s;
  if (out.includes('\u0000')) out = out.replace(/\u0000/g, '');
  // String.prototype.toWellFormed exists in Node 20 but not in the project's TS lib (es2022).
  return (out as unknown as { toWellFormed(): string }).toWellFormed();
}
