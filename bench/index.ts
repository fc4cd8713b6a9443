import type { Bench } from './BenchRow';

/** Every benchmark, in the order they print. */
export const benches: Bench[] = [];
