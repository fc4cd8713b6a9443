import { describe, expect, it } from 'vitest';
import { computeImpact, diffMetadata, impactCounter, type ImpactReport } from '../../../src/engine/diff';
import type { Metadata } from '../../../src/engine/types';
import { edited, ruleIn } from './miniMetadata';
import { NOW, projectProducts } from './projectProducts';

type Obj = Record<string, unknown>;
const { metadata, products } = projectProducts();
const inputs = products.map((p) => ({ id: String(p.product_id), doc: p }));
const withoutTime = (r: ImpactReport) => ({ ...r, seconds: 0, evaluated: 0, evaluatedBoth: 0 });

/** Name, edit, and whether some generated product must feel it (so the comparison is not vacuous). */
const changesUnderTest: Array<[string, (f: Record<string, Obj>) => void, boolean]> = [
  ['Delivery gate narrowed to audience 1 and 2', (f) => {
    ruleIn(f, 'delivery.visible').when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2]] }] };
  }, true],
  ['a message reworded and a code retitled', (f) => {
    ruleIn(f, 'offer_expiry_date.not_before_entry').message = 'Offer expiry {offer_expiry_date} is before entry {entry_date}';
    ((f['schemas/codes/media_channel.json'].oneOf as Obj[])[0]).title = 'Direct Mail (USPS)';
  }, false],
  ['a check tightened: entry dates from 2024 on', (f) => {
    ruleIn(f, 'entry_date.not_future').valid = { and: [{ '!': { date_gt: [{ var: 'entry_date' }, { var: '$now' }] } }, { '!': { date_lt: [{ var: 'entry_date' }, '2024-01-01'] } }] };
  }, true],
  ['the rehearsal change: gate widened, message reworded, code retitled, field added', (f) => {
    ruleIn(f, 'delivery.visible').when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2, 3, 5]] }] };
    ruleIn(f, 'entry_date.not_future').message = 'Entry date cannot be a future date';
    ((f['schemas/codes/media_channel.json'].oneOf as Obj[])[0]).title = 'Direct Mail (USPS)';
    ((f['schemas/product/sectors/delivery.json'].properties as Obj).delivery_note = { title: 'Delivery Note', type: 'string' });
  }, false],
  ['a rule added: a comment is needed to approve', (f) => {
    (f['rules/product/validation-approve.json'].rules as Obj[]).push({ id: 'product_comment.approve', kind: 'required', target: 'product_comment', actions: ['approve'], source: 'test' });
  }, true],
];

describe('computeImpact', () => {
  for (const [name, edit, felt] of changesUnderTest) {
    it(`skips only products the change cannot affect (same report as evaluating all): ${name}`, () => {
      const after: Metadata = edited(metadata, edit);
      const changes = diffMetadata(metadata, after);
      expect(changes.length).toBeGreaterThan(0);
      const fast = computeImpact(metadata, after, changes, inputs, { now: NOW });
      const full = computeImpact(metadata, after, changes, inputs, { now: NOW, exhaustive: true });
      expect(withoutTime(fast)).toEqual(withoutTime(full));
      if (felt) expect(full.total.changed).toBeGreaterThan(0);
      expect(full.evaluated).toBe(inputs.length);
    });
  }

  it('decides unaffected products without evaluating them when the changed rules allow it', () => {
    const after = edited(metadata, changesUnderTest[0][1]);
    const r = computeImpact(metadata, after, diffMetadata(metadata, after), inputs, { now: NOW });
    expect(r.total.changed).toBeGreaterThan(0);
    expect(r.evaluated).toBeLessThan(inputs.length / 2);
    expect(r.evaluatedBoth).toBeLessThanOrEqual(r.evaluated);
  });

  it('decides unaffected products from the derived document when a changed rule reads a derived value (entry date)', () => {
    const after = edited(metadata, changesUnderTest[3][1]);
    const changes = diffMetadata(metadata, after);
    const r = computeImpact(metadata, after, changes, inputs, { now: NOW, codeGeneration: true });
    expect(r.evaluated).toBeLessThan(inputs.length / 2);
    expect(withoutTime(r)).toEqual(withoutTime(computeImpact(metadata, after, changes, inputs, { now: NOW, exhaustive: true })));
  });

  it('finds no impact between a version and itself', () => {
    const r = computeImpact(metadata, metadata, [], inputs, { now: NOW });
    expect(r.total).toMatchObject({ products: inputs.length, changed: 0 });
    expect(r.bySector.reduce((n, s) => n + s.products, 0)).toBe(inputs.length);
  });

  it('counts approved products that lose approval when a required field is added', () => {
    const after = edited(metadata, changesUnderTest[4][1]);
    const r = computeImpact(metadata, after, diffMetadata(metadata, after), inputs, { now: NOW });
    const approvedWithoutComment = products.filter((p) => p.product_status === 1 && !p.product_comment).length;
    expect(approvedWithoutComment).toBeGreaterThan(0);
    expect(r.approvedLost).toBe(approvedWithoutComment);
    expect(r.approvableLost.every((p) => p.errors.some((e) => e.rule === 'product_comment.approve'))).toBe(true);
    expect(r.byChange).toEqual([expect.objectContaining({ id: 'product_comment.approve', change: 'added', measure: 'products the new rule acts on' })]);
    expect(r.saveBroken).toEqual([]);
    expect(r.approvableLostTotal).toBe(r.approvableLost.length);
  });

  it('lists only the first `listed` lost products and counts them all, as a stream of any length needs', () => {
    const after = edited(metadata, changesUnderTest[4][1]);
    const changes = diffMetadata(metadata, after);
    const all = computeImpact(metadata, after, changes, inputs, { now: NOW });
    expect(all.approvableLost.length).toBeGreaterThan(2);
    const counter = impactCounter(metadata, after, changes, { now: NOW, listed: 2 });
    for (const p of inputs) counter.add(p);
    const r = counter.report();
    expect(r.approvableLost).toEqual(all.approvableLost.slice(0, 2));
    expect(r.approvableLostTotal).toBe(all.approvableLost.length);
    expect(r.approvedLost).toBe(all.approvedLost);
    expect(r.total).toEqual(all.total);
  });
});
