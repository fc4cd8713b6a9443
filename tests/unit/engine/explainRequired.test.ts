import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';

// Issue 13: Why? says which action a field is required for ("required to approve"), never "always".
const engine = createEngine(loadMetadataFromDir(join(import.meta.dirname, '../../..')), { now: () => '2024-06-01' });
const doc = { media_channel: 1, audience: 1, entry_date: '2024-05-01', panelists: [], companies: [], sectors: [] };

describe('Why? on required fields', () => {
  it('names the action a check belongs to', () => {
    const headline = engine.explain(doc, 'product_headline', { action: 'approve' });
    expect(headline.trace).toContain('Product Headline required to approve (rule product_headline.required)');
    expect(headline.rules.find((r) => r.id === 'product_headline.required')!.words).toBe('required to approve');
    const channel = engine.explain(doc, 'media_channel', { action: 'save' });
    expect(channel.rules.find((r) => r.id === 'media_channel.required')!.words).toBe('required to save, approve, unapprove, problem, unused, reprocess');
  });

  it('says "required to ..." for every required rule, with its condition when it has one', () => {
    for (const r of engine.rules.filter((x) => x.kind === 'required' && x.targetType !== 'item')) {
      const ex = engine.explain(doc, r.target, { action: r.actions?.[0] });
      const words = ex.rules.find((x) => x.id === r.id)!.words;
      expect(words, r.id).toMatch(/^required to [a-z ,_]+( when .+)?$/);
      expect(words, r.id).not.toContain('always');
    }
  });
});
