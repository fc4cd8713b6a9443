import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { directMail, miniMetadata, TODAY } from './miniMetadata';

type Rules = { rules: Array<Record<string, unknown>> };

/** The mini metadata with the advertiser gate written with code keys instead of ids. */
function keyedEngine() {
  const md = miniMetadata();
  const gates = structuredClone(md.files['rules/product/gates.json']) as Rules;
  gates.rules[2].when = {
    and: [
      { '==': [{ var: 'media_channel' }, 'direct_mail'] },
      { in: [{ var: 'audience' }, ['consumer', 'employee_business_owner']] },
      { or: [{ chain_any: [{ var: 'sectors' }, ['retail', 559, 560], 1] }, { chain_has: [{ var: 'sectors' }, [4, 454, 506]] }] },
    ],
  };
  md.files['rules/product/gates.json'] = gates;
  return createEngine(md, { now: () => TODAY });
}

describe('codes named by key', () => {
  it('resolve to their ids when the rules compile; tables without keys keep numbers', () => {
    const rule = keyedEngine().rules.find((r) => r.id === 'advertiser.visible')!;
    expect(rule.when).toEqual({
      and: [
        { '==': [{ var: 'media_channel' }, 1] },
        { in: [{ var: 'audience' }, [1, 2]] },
        { or: [{ chain_any: [{ var: 'sectors' }, [266, 559, 560], 1] }, { chain_has: [{ var: 'sectors' }, [4, 454, 506]] }] },
      ],
    });
  });

  it('evaluate as the ids do', () => {
    const engine = keyedEngine();
    expect(engine.evaluate(directMail()).blocks.advertiser.visible).toBe(true);
    expect(engine.evaluate({ ...directMail(), media_channel: 2 }).blocks.advertiser.visible).toBe(false);
    expect(engine.evaluate({ ...directMail(), sectors: [[{ id: 372 }]] }).blocks.advertiser.visible).toBe(false);
  });
});
