import { join } from 'node:path';
import { runPortal, type PortalRun } from '../../helpers/runPortal';

export const repoRoot = join(import.meta.dirname, '../../..');

/** Runs `portal ...args` (in process: tests/helpers/runPortal.ts) and answers what a QA script would see. */
export function portal(...args: string[]): Promise<PortalRun> {
  return runPortal(args);
}
