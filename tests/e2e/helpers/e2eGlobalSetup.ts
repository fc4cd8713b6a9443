import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetTemplates, seedDemoTemplate, seedEmptyTemplate } from './seededDataDirs';
import { sharedPortalsOn, startSharedPortal, stopSharedPortals } from './sharedServers';

let dir: string | undefined;

/**
 * The browser suite's global set-up (vitest.config.ts): the seeded templates (seededDataDirs.ts), the
 * shared portals on copies of them (sharedServers.ts); each worker launches its own Chromium
 * (browser.ts). Each step starts as soon as what it needs is ready: the
 * `empty` portal as soon as its template is seeded, beside the seeding of `demo`, which starts from
 * it; the two `demo` portals together. Prints each step's wall time (set-up is on the suite's
 * critical path: no file starts before it ends).
 */
export async function setup(): Promise<void> {
  dir = mkdtempSync(join(tmpdir(), 'portal-e2e-templates-'));
  const started = performance.now();
  const timings: string[] = [];
  const timed = async (label: string, step: () => Promise<void>) => {
    const from = performance.now();
    await step();
    timings.push(`${label} ${((performance.now() - from) / 1000).toFixed(1)} s (done at ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  const templates = dir;
  const empty = timed('seed empty', () => seedEmptyTemplate(templates));
  const demo = empty.then(() => timed('seed demo', () => seedDemoTemplate(templates)));
  const steps = await Promise.allSettled([
    empty.then(() => Promise.all(sharedPortalsOn('empty').map((name) => timed(`portal ${name}`, () => startSharedPortal(name))))),
    demo.then(() => Promise.all(sharedPortalsOn('demo').map((name) => timed(`portal ${name}`, () => startSharedPortal(name))))),
  ]);
  const failed = steps.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await teardown(); // the servers that did start
    throw failed.reason;
  }
  console.log(`browser suite set-up: ${timings.join('; ')}`);
}

export async function teardown(): Promise<void> {
  await stopSharedPortals();
  if (dir) rmSync(dir, { recursive: true, force: true });
  forgetTemplates();
}
