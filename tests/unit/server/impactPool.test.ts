import { afterEach, describe, expect, it } from 'vitest';
import { diffMetadata, impactCounter } from '../../../src/engine/diff';
import type { Metadata } from '../../../src/engine/types';
import { ImpactPool } from '../../../src/server/rules/ImpactPool';

// Issue 30 item 5: the worker threads of the streamed impact answer each batch in its order, and a
// worker that fails fails the run instead of leaving it waiting.
const rule = (when: unknown) => ({ id: 'extra.visible', kind: 'visible', target: 'extra', when });
const metadata = (when: unknown): Metadata => ({
  files: {
    'schemas/product/root.json': {
      $id: 'product', type: 'object',
      properties: { channel: { type: 'integer', title: 'Channel' } },
    },
    'schemas/product/extra.json': {
      $id: 'extra', type: 'object', 'x-block': { id: 'extra', title: 'Extra', order: 1 },
      properties: { note: { type: 'string', title: 'Note' } },
    },
    'rules/product/extra.json': { rules: [rule(when)] },
  },
});

describe('the impact worker pool', { timeout: 60_000 }, () => {
  let pool: ImpactPool | undefined;
  afterEach(async () => {
    await pool?.close();
  });
  const from = metadata({ '==': [{ var: 'channel' }, 1] });
  const to = metadata({ in: [{ var: 'channel' }, [1, 2]] });

  it('assesses batches in their order, as this thread does', async () => {
    const changes = diffMetadata(from, to);
    pool = new ImpactPool(1, { from, to, changes, options: { now: '2024-06-30' } });
    const docs = [{ channel: 2 }, { channel: 1 }, { channel: 3 }];
    const [first, second] = await Promise.all([pool.assess(JSON.stringify(docs)), pool.assess(JSON.stringify([docs[0]]))]);
    expect(first.map((a) => a.visible)).toEqual([true, false, false]);
    expect(second).toEqual([first[0]]);
    const here = impactCounter(from, to, changes, { now: '2024-06-30', codeGeneration: true });
    expect(first).toEqual(docs.map((d) => here.assess(d)));
    expect(first[0].shown).toEqual(['extra']);
    expect(pool.heapPeaks[0]).toBeGreaterThan(0);
  });

  it('fails the batches of a worker that fails, and those asked after', async () => {
    pool = new ImpactPool(1, { from, to, changes: diffMetadata(from, to), options: { now: '2024-06-30' } });
    await expect(pool.assess('[{"channel": ')).rejects.toThrow(/JSON/);
    await expect(pool.assess('[]')).rejects.toThrow(/JSON/);
  });
});
