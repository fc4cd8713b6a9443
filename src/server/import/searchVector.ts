/**
 * Full-text search lexemes, built in the parser worker instead of with to_tsvector() in the database
 * (which was the largest single cost of an import). Lexemes are lower-cased runs of letters and
 * digits, like PostgreSQL's 'simple' configuration, without stemming. Queries must be built with
 * `searchQuery` and compared with `search @@ $1::tsquery`, so both sides tokenise the same way.
 */
const wordPattern = /[\p{L}\p{N}]+/gu;
/** Longer runs are encoded data (base64, hashes), not words. */
const maxLexemeChars = 64;
/** PostgreSQL's largest tsvector position. */
const maxPosition = 16383;

export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(wordPattern) ?? [];
  return words.filter((w) => w.length <= maxLexemeChars);
}

/**
 * A tsvector literal from weighted parts, e.g. [['A', subject], ['B', sender], ['D', body]], each
 * text or its lower-cased words already split (as `simhashWords` splits a normalised body). Each
 * lexeme keeps one position per weight: matching (and the subject-only `:A` restriction) needs the
 * weight, nothing here ranks or searches phrases, and a long body's vector stays a fraction of its
 * text (cheaper to ship, store and index on every import).
 */
export function searchVector(parts: Array<['A' | 'B' | 'C' | 'D', string | readonly string[]]>): string {
  const positions = new Map<string, string>();
  let pos = 0;
  for (const [weight, text] of parts) {
    for (const w of typeof text === 'string' ? searchWords(text) : text) {
      if (w.length > maxLexemeChars) continue;
      pos = Math.min(pos + 1, maxPosition);
      const list = positions.get(w);
      if (list === undefined) positions.set(w, `${pos}${weight}`);
      else if (!list.endsWith(weight)) positions.set(w, `${list},${pos}${weight}`);
    }
  }
  let out = '';
  for (const [w, list] of positions) out += `${out ? ' ' : ''}'${w}':${list}`;
  return out;
}

/**
 * A tsquery literal for free text: every word must match, the last one as a prefix (type-ahead).
 * Null when the text has no searchable word.
 */
export function searchQuery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}
