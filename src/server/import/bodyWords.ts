/**
 * The words of a normalised body, split once for both the simhash and the search vector.
 *
 * A word is a run of letters and digits (`/[\p{L}\p{N}]+/u`, as `searchWords` splits). The split
 * walks the text once without making a string per occurrence: each word is hashed as it is read
 * (the two FNV-1a hashes simhash uses) and looked up in a table of the distinct words seen so far;
 * only a new word becomes a string. A table hit is confirmed by comparing the text itself, so the
 * result is exactly that of splitting with the regular expression and counting in a Map.
 */
export interface BodyWords {
  /** Number of words (occurrences). */
  total: number;
  /** Distinct words, in order of first occurrence. */
  distinct: string[];
  /** Occurrences of each distinct word. */
  counts: number[];
  /** Each distinct word's two FNV-1a hashes (seeds 0x811c9dc5, 0x9747b28c), before finalising. */
  fnvLo: number[];
  fnvHi: number[];
  /**
   * For each distinct word, the 1-based ordinal of its first occurrence among the searchable words
   * (at most `maxLexemeChars` long, within the first `maxSearchWords` words), or 0 when it has none.
   */
  searchOrdinal: number[];
  /** Number of searchable occurrences. */
  searchable: number;
}

/** Longer runs are encoded data (base64, hashes), not words (the search vector skips them). */
export const maxLexemeChars = 64;

const wordChar = /^[\p{L}\p{N}]$/u;
/** Per UTF-16 code unit outside the surrogates: 0 not yet known, 1 letter or digit, 2 neither. */
const bmpClass = new Uint8Array(0x10000);
const astralClass = new Map<number, boolean>();
for (let c = 0; c < 0x80; c++) bmpClass[c] = (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? 1 : 2;

function bmpWordChar(c: number): boolean {
  let k = bmpClass[c];
  if (k === 0) {
    k = wordChar.test(String.fromCharCode(c)) ? 1 : 2;
    bmpClass[c] = k;
  }
  return k === 1;
}

function astralWordChar(cp: number): boolean {
  let k = astralClass.get(cp);
  if (k === undefined) {
    k = wordChar.test(String.fromCodePoint(cp));
    astralClass.set(cp, k);
  }
  return k;
}

/** Whether `text` holds `word` at `start` (the caller has checked there is room). */
function sameChars(text: string, start: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) if (text.charCodeAt(start + j) !== word.charCodeAt(j)) return false;
  return true;
}

/** Open-addressing table of distinct-word indexes (+1), reused between calls (one thread each). */
let table = new Int32Array(1 << 12);

export function bodyWords(text: string, maxSearchWords = Infinity): BodyWords {
  const n = text.length;
  // At most n/2 + 1 words: a table at least twice that keeps probes short.
  let cap = 1 << 4;
  while (cap < n + 2) cap <<= 1;
  if (table.length < cap) table = new Int32Array(cap);
  const slots = table.subarray(0, cap);
  slots.fill(0);
  const mask = cap - 1;

  const distinct: string[] = [];
  const counts: number[] = [];
  const fnvLo: number[] = [];
  const fnvHi: number[] = [];
  const searchOrdinal: number[] = [];
  let total = 0;
  let searchable = 0;

  let i = 0;
  while (i < n) {
    const start = i;
    let lo = 0x811c9dc5;
    let hi = 0x9747b28c;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 0xd800 || c > 0xdfff) {
        if (c < 0x80 ? bmpClass[c] !== 1 : !bmpWordChar(c)) break;
        lo = Math.imul(lo ^ c, 0x01000193);
        hi = Math.imul(hi ^ c, 0x01000193);
        i++;
      } else {
        // A letter or digit beyond the BMP is a surrogate pair; a lone surrogate is neither.
        const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
        if (c > 0xdbff || d < 0xdc00 || d > 0xdfff || !astralWordChar(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000)) break;
        lo = Math.imul(Math.imul(lo ^ c, 0x01000193) ^ d, 0x01000193);
        hi = Math.imul(Math.imul(hi ^ c, 0x01000193) ^ d, 0x01000193);
        i += 2;
      }
    }
    if (i === start) {
      i++;
      continue;
    }
    const len = i - start;
    const index = total++;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1) ^ len, 0x85ebca6b);
    h ^= h >>> 15;
    let slot = h & mask;
    for (;;) {
      const e = slots[slot];
      if (e === 0) {
        const word = text.slice(start, i);
        slots[slot] = distinct.push(word);
        counts.push(1);
        fnvLo.push(lo);
        fnvHi.push(hi);
        searchOrdinal.push(index < maxSearchWords && len <= maxLexemeChars ? ++searchable : 0);
        break;
      }
      const k = e - 1;
      const w = distinct[k];
      if (fnvLo[k] === lo && fnvHi[k] === hi && w.length === len && sameChars(text, start, w)) {
        counts[k]++;
        if (index < maxSearchWords && len <= maxLexemeChars) searchable++;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return { total, distinct, counts, fnvLo, fnvHi, searchOrdinal, searchable };
}
