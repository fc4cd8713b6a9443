// Worker threads do not inherit the main thread's tsx hooks: register them, then load the TS worker.
import { register } from 'tsx/esm/api';

register();
await import('./impactWorker.ts');
