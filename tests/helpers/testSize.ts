/**
 * `npm test` runs the heavy property, matrix and corpus tests on a seeded, representative sample;
 * `npm run test:full` (PORTAL_TEST_FULL=1) runs them at full size. Both are deterministic: the same
 * seed picks the same sample on every run.
 */
export const fullSize = process.env.PORTAL_TEST_FULL === '1';

/** The seed of every sample and of the property tests (fast-check's `seed`). */
export const sampleSeed = 20_261_126;

/** `full` at full size, `sample` otherwise. */
export const sized = (full: number, sample: number): number => (fullSize ? full : sample);

/** A deterministic pseudo-random generator (mulberry32) for picking samples. */
export function seededRandom(seed = sampleSeed): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
