import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { createRuleCoverage, formatCoverageMarkdown } from '../../../src/engine/coverage';
import { directMail, miniMetadata, TODAY } from './miniMetadata';
import { portal } from './cliRunner';

const md = miniMetadata();
const engine = createEngine(md, { now: () => TODAY });
const rowOf = (r: ReturnType<ReturnType<typeof createRuleCoverage>['report']>, id: string) => r.rules.find((x) => x.id === id)!;

describe('rule coverage (issue 16 item 6)', { timeout: 120_000 }, () => {
  it('counts per rule what fired, passed and failed, per source, and lists rules never exercised', () => {
    const cov = createRuleCoverage(() => engine);
    // A direct-mail product: Delivery shows; approving it checks the delivery method (present) and type (present).
    cov.add('cases', { document: directMail(), actions: ['approve'] });
    // No channel: Delivery hidden, the channel required on save fails.
    cov.add('cases', { document: { ...directMail(), media_channel: null }, actions: ['save'] });
    // A stored product checked for save and approve counts once; its approval refuses the missing delivery type.
    cov.add('products', { document: { ...directMail(), delivery: { delivery_method: 1 } }, actions: ['save', 'approve'] });
    const r = cov.report();

    expect(r.documents).toEqual({ cases: 2, products: 1 });
    expect(rowOf(r, 'delivery.visible')).toMatchObject({ kind: 'visible', cases: { evaluated: 2, fired: 1, passed: 0, failed: 0 }, products: { evaluated: 1, fired: 1 } });
    expect(rowOf(r, 'save.media_channel').cases).toEqual({ evaluated: 2, fired: 2, passed: 1, failed: 1 });
    expect(rowOf(r, 'approve.delivery_type').cases).toEqual({ evaluated: 2, fired: 1, passed: 1, failed: 0 });
    expect(rowOf(r, 'approve.delivery_type').products).toEqual({ evaluated: 1, fired: 1, passed: 0, failed: 1 });
    // Nothing here adds a promotion or a problem comment, has a duplicate panelist or state 0.
    expect(r.neverFired).toEqual(expect.arrayContaining(['problem.comment', 'promotion.type', 'panelists.dedupe', 'state_province.drop_zero', 'promotion.buy_x.visible']));
    expect(r.neverFired).not.toContain('delivery.visible');
    expect(r.neverFailed).toContain('approve.delivery_method');
    expect(r.neverFailed).not.toContain('save.media_channel');

    const text = formatCoverageMarkdown(r);
    expect(text).toContain('## Never exercised');
    expect(text).toContain('| save.media_channel | required | 2 / 1 / 1 | 1 / 1 / 0 |');
  });

  it('a derive rule fires when its condition held on the document given, though its value turns the condition off', () => {
    const cov = createRuleCoverage(() => engine);
    cov.add('cases', { document: { ...directMail(), state_province: [0, 5] }, actions: [null] });
    expect(rowOf(cov.report(), 'state_province.drop_zero').cases.fired).toBe(1);
  });

  it('`portal rules coverage` runs the rule cases and a products file', async () => {
    const out = await portal('rules', 'coverage', '--products', 'tests/fixtures/rule-change/products.jsonl', '--format', 'json', '--now', '2024-06-01');
    expect(out.status, out.stderr).toBe(0);
    const r = JSON.parse(out.stdout) as ReturnType<ReturnType<typeof createRuleCoverage>['report']>;
    expect(r.documents.products).toBe(6);
    expect(r.documents.cases).toBeGreaterThan(200);
    expect(r.rules.find((x) => x.id === 'delivery.visible')!.cases.fired).toBeGreaterThan(0);
  });
});
