import { bodyWords, type BodyWords } from './bodyWords';

/** Below this many words a text is too short for a meaningful fingerprint. */
export const minSimhashWords = 8;

/** murmur3's finaliser, so nearby features spread over all bits. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * 64-bit simhash (Charikar) over the words (weighted by count) of already normalised text, or its
 * words as `bodyWords` split them, as a signed BigInt (PostgreSQL bigint). Undefined when the text
 * has fewer than `minSimhashWords` words. The features are single words weighted by their count:
 * that keeps a one-word edit of a short mailing within distance 3; 3-word shingles moved such an
 * edit 7-10 bits (see docs/decisions/duplicates.md).
 */
export function simhash(normalized: string | BodyWords): bigint | undefined {
  const words = typeof normalized === 'string' ? bodyWords(normalized) : normalized;
  if (words.total < minSimhashWords) return undefined;
  // v[b] = (weight of features with bit b set) - (weight of those without) = 2 * set[b] - total;
  // walking only the set bits halves the work of the per-feature loop (the import's hot spot).
  // Each feature's two 32-bit FNV-1a hashes were computed by bodyWords as it read the word.
  const set = new Float64Array(64);
  const { counts, fnvLo, fnvHi } = words;
  for (let k = 0; k < counts.length; k++) {
    const weight = counts[k];
    let lo = fmix32(fnvLo[k]);
    let hi = fmix32(fnvHi[k]);
    while (lo !== 0) {
      const bit = lo & -lo;
      set[31 - Math.clz32(bit)] += weight;
      lo ^= bit;
    }
    while (hi !== 0) {
      const bit = hi & -hi;
      set[63 - Math.clz32(bit)] += weight;
      hi ^= bit;
    }
  }
  const total = words.total;
  let lo = 0;
  let hi = 0;
  for (let b = 0; b < 32; b++) {
    if (2 * set[b] > total) lo |= 1 << b;
    if (2 * set[b + 32] > total) hi |= 1 << b;
  }
  return BigInt.asIntN(64, (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0));
}

/** The four 16-bit bands used for lookup (pigeonhole: distance <= 3 shares at least one band). */
export function simhashBands(hash: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, hash);
  return [0, 1, 2, 3].map((i) => Number((u >> BigInt(i * 16)) & 0xffffn)) as [number, number, number, number];
}

export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}
