import type { Bench } from './BenchRow';
import { benchEditor } from './editor';
import { importBench } from './import';
import { engineBench } from './engine';
import { benchImpact } from './impact';
import { benchDashboard } from './dashboard';
import { predictionsBench } from './predictions';
import { benchForward } from './forward';
import { firstLoadBench } from './firstLoad';
import { mediaBench } from './media';
import { loadBench } from './load';

/** Every benchmark, in the order they print. */
export const benches: Bench[] = [
  engineBench,
  { name: 'editor', run: benchEditor },
  importBench,
  { name: 'impact', run: benchImpact },
  { name: 'dashboard', run: benchDashboard },
  predictionsBench,
  { name: 'forward', run: benchForward },
  firstLoadBench,
  mediaBench,
  loadBench,
];
