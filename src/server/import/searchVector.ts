/**
 * Full-text search lexemes, built in the parser worker instead of with to_tsvector() in the database
 * (which was the largest single cost of an import). Lexemes are lower-cased runs of letters and
 * digits, like PostgreSQL's 'simple' configuration, without stemming. Queries must be built with
 * `searchQuery` and compared with `search @@ $1::tsquery`, so both sides tokenise the same way.
 */
import { maxLexemeChars, type BodyWords } from './bodyWords';

const wordPattern = /[\p{L}\p{N}]+/gu;
/** PostgreSQL's largest tsvector position. */
const maxPosition = 16383;

export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(wordPattern) ?? [];
  return words.filter((w) => w.length <= maxLexemeChars);
}

/**
 * A tsvector literal from weighted parts, e.g. [['A', subject], ['B', sender], ['D', body]], each
 * a text or a normalised body's words as `bodyWords` split them (already lower-cased; its
 * `searchOrdinal`s say which occurrences count). Each lexeme keeps one position per weight, that of
 * its first occurrence: matching (and the subject-only `:A` restriction) needs the weight, nothing
 * here ranks or searches phrases, and a long body's vector stays a fraction of its text (cheaper to
 * ship, store and index on every import).
 */
export function searchVector(parts: Array<['A' | 'B' | 'C' | 'D', string | BodyWords]>): string {
  const positions = new Map<string, string>();
  let tail = '';
  let pos = 0;
  for (let p = 0; p < parts.length; p++) {
    const [weight, text] = parts[p];
    if (typeof text === 'string') {
      for (const w of searchWords(text)) {
        pos = Math.min(pos + 1, maxPosition);
        const list = positions.get(w);
        if (list === undefined) positions.set(w, `${pos}${weight}`);
        else if (!list.endsWith(weight)) positions.set(w, `${list},${pos}${weight}`);
      }
      continue;
    }
    // Distinct words in order of first occurrence: the same lexemes, positions and order as
    // walking every occurrence, without a lookup per occurrence. As the last part (the body), a
    // word no earlier part had is written out directly, after the lexemes of the earlier parts.
    const base = pos;
    const last = p === parts.length - 1;
    const { distinct, searchOrdinal } = text;
    for (let k = 0; k < distinct.length; k++) {
      const ordinal = searchOrdinal[k];
      if (ordinal === 0) continue;
      const w = distinct[k];
      const at = Math.min(base + ordinal, maxPosition);
      const list = positions.size === 0 ? undefined : positions.get(w);
      if (list === undefined) {
        if (last) tail += ` '${w}':${at}${weight}`;
        else positions.set(w, `${at}${weight}`);
      } else if (!list.endsWith(weight)) positions.set(w, `${list},${at}${weight}`);
    }
    // Later parts are numbered after every searchable occurrence of this one.
    pos = Math.min(base + text.searchable, maxPosition);
  }
  let out = '';
  for (const [w, list] of positions) out += `${out ? ' ' : ''}'${w}':${list}`;
  return out ? out + tail : tail.slice(1);
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
