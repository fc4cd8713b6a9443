import type { Bench } from './BenchRow';
import { benchEditor } from './editor';
import { importBench } from './import';
import { engineBench } from './engine';

/** Every benchmark, in the order they print. */
export const benches: Bench[] = [
  engineBench,
  { name: 'editor', run: benchEditor },
  importBench,
];
