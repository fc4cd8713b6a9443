import type { Page } from 'playwright-core';

/**
 * Milliseconds a fixed script takes in `page` at 1x CPU (median of 5): a reading of this host's
 * speed at that moment, shown beside absolute timings. On this shared VM the same keystrokes' script
 * work moved by up to 1.8x between back-to-back runs on an idle machine; this figure moves with it, so
 * a slow run can be told from a slower build.
 */
export async function hostSpeedMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const times: number[] = [];
    let sink = 0;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      const o: Record<string, number> = {};
      for (let i = 0; i < 200_000; i++) {
        o[`k${i % 1000}`] = (o[`k${i % 1000}`] ?? 0) + i;
        sink = (sink * 31 + i) | 0;
      }
      times.push(performance.now() - t0);
    }
    (globalThis as unknown as { __hostSpeedSink: number }).__hostSpeedSink = sink;
    return times.sort((a, b) => a - b)[2]!;
  });
}
