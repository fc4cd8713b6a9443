import type { Bench } from './BenchRow';
import { benchEditor } from './editor';
import { importBench } from './import';

/** Every benchmark, in the order they print. */
export const benches: Bench[] = [
  { name: 'editor', run: benchEditor },
  importBench,
];
