import { describe, expect, it } from 'vitest';
import { diffMetadata, formatDiffMarkdown } from '../../../src/engine/diff';
import { edited, miniMetadata, ruleIn } from './miniMetadata';

type Obj = Record<string, unknown>;
const base = miniMetadata();
const reverseKeys = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(reverseKeys) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v as Obj).reverse().map(([k, x]) => [k, reverseKeys(x)])) : v;

describe('diffMetadata', () => {
  it('finds nothing between equal metadata, whatever the key order and file placement', () => {
    expect(diffMetadata(base, miniMetadata())).toEqual([]);
    const reordered = edited(base, (f) => {
      for (const [name, content] of Object.entries(f)) f[name] = reverseKeys(content) as Obj;
      // The same rule moved to another file is the same rule.
      const rules = f['rules/product/rules.json'].rules as Obj[];
      f['rules/product/more.json'] = { rules: [rules.pop()] };
    });
    expect(diffMetadata(base, reordered)).toEqual([]);
  });

  it('shows a changed gate before and after in plain words, with code titles', () => {
    const widened = edited(base, (f) => {
      ruleIn(f, 'delivery.visible').when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, [1, 2]] }] };
    });
    const [c] = diffMetadata(base, widened);
    expect(c).toMatchObject({
      subject: 'rule', change: 'changed', id: 'delivery.visible', kind: 'visible', source: '002 §2', file: 'rules/product/rules.json',
      summary: 'Rule delivery.visible (visible) changed',
      before: 'Delivery shows when Media Channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2), Consumer and Business (5)',
      after: 'Delivery shows when Media Channel is Direct Mail (1) and Audience is one of Consumer (1), Employee / Business Owner (2)',
      details: ['condition (when) changed'],
    });
  });

  it('reports a reworded message as a message change with old and new text', () => {
    const m = edited(base, (f) => void (ruleIn(f, 'entry_date.not_future').message = 'Entry date cannot be a future date'));
    expect(diffMetadata(base, m)).toEqual([expect.objectContaining({ subject: 'message', id: 'entry_date.not_future', before: 'Entry Date cannot be in the future', after: 'Entry date cannot be a future date' })]);
  });

  it('reports rules added and removed, and changed actions', () => {
    const m = edited(base, (f) => {
      const rules = f['rules/product/rules.json'].rules as Obj[];
      rules.splice(1, 1);
      rules.push({ id: 'audience.required', kind: 'required', target: 'audience', actions: ['save'], source: '001 §5' });
      ruleIn(f, 'delivery.method.required').actions = ['approve', 'unapprove'];
    });
    const changes = diffMetadata(base, m);
    expect(changes.map((c) => `${c.change}:${c.id}`)).toEqual(['added:audience.required', 'changed:delivery.method.required', 'removed:entry_date.required']);
    expect(changes[0].after).toBe('Audience is required to save');
    expect(changes[1].details).toEqual(['actions: ["approve"] → ["approve","unapprove"]']);
    expect(changes[2].before).toBe('Entry Date is required to save, approve');
  });

  it('reports fields added, removed and changed in type, label, options and required', () => {
    const m = edited(base, (f) => {
      const main = (f['schemas/product/sections/main.json'].properties as Record<string, Obj>);
      main.audience = { title: 'Audience Type', $ref: 'codes/media_channel', 'x-ui': { widget: 'select', order: 2, requiredMark: true } };
      main.entry_date = { title: 'Entry Date', type: 'integer', 'x-ui': { widget: 'date', order: 4 } };
      delete main.panelists;
      (f['schemas/product/sectors/delivery.json'].properties as Record<string, Obj>).delivery_note = { title: 'Delivery Note', type: 'string' };
    });
    const changes = diffMetadata(base, m);
    expect(changes.map((c) => `${c.change}:${c.id}`)).toEqual(['changed:audience', 'added:delivery.delivery_note', 'changed:entry_date', 'removed:panelists', 'removed:panelists.*.pp_date']);
    expect(changes[0].details).toEqual([
      'label: "Audience" → "Audience Type"', 'type: code from Audience → code from Media channel',
      'options: "codes/audience" → "codes/media_channel"', 'required: no → yes',
    ]);
    expect(changes[2].details).toEqual(['type: string (date) → integer', 'x-ui.order: 3 → 4']);
    expect(changes[1].summary).toBe('Field Delivery Note (delivery.delivery_note) added to Delivery');
  });

  it('reports code entries added, removed and retitled, and sub-forms', () => {
    const m = edited(base, (f) => {
      const t = f['schemas/codes/media_channel.json'].oneOf as Obj[];
      t[0].title = 'Direct Mail (USPS)';
      t.splice(1, 1);
      t.push({ const: 6, title: 'Social Media' });
      (f['schemas/product/sectors/delivery.json']['x-block'] as Obj).order = 310;
      f['schemas/product/sectors/energy.json'] = { $id: 'product/sectors/energy', title: 'Energy', type: 'object', 'x-block': { id: 'energy', path: 'energy', order: 280, source: '002 §3 Energy' }, properties: {} };
    });
    const changes = diffMetadata(base, m);
    expect(changes.map((c) => `${c.subject}:${c.change}:${c.id}`)).toEqual([
      'sub-form:changed:delivery', 'sub-form:added:energy',
      'code:changed:codes/media_channel#1', 'code:removed:codes/media_channel#2', 'code:added:codes/media_channel#6',
    ]);
    expect(changes[0].details).toEqual(['x-block.order: 300 → 310']);
    expect(changes[2].summary).toBe('Code 1 of Media channel retitled "Direct Mail" → "Direct Mail (USPS)"');
    expect(changes[3].summary).toBe('Code Print (2) removed from Media channel');
  });

  it('does not call a rule changed when only a code it names was retitled', () => {
    const m = edited(base, (f) => void ((f['schemas/codes/audience.json'].oneOf as Obj[])[0].title = 'Consumers'));
    expect(diffMetadata(base, m).map((c) => c.id)).toEqual(['codes/audience#1']);
  });

  it('reports a rule whose logic is unchanged in one line, after the changes in behaviour', () => {
    const m = edited(base, (f) => {
      ruleIn(f, 'delivery.visible').description = 'Direct mail to consumers and businesses.';
      ruleIn(f, 'entry_date.required').source = '001 §5 Before any save action';
      Object.assign(ruleIn(f, 'entry_date.not_future'), { description: 'No future dates.', source: '001 §5 Dates' });
      ruleIn(f, 'delivery.method.required').actions = ['save', 'approve'];
    });
    const changes = diffMetadata(base, m);
    expect(changes.map((c) => `${c.effect}:${c.id}`)).toEqual([
      'behaviour:delivery.method.required', 'wording:delivery.visible', 'wording:entry_date.not_future', 'wording:entry_date.required',
    ]);
    expect(changes.slice(1).map((c) => c.summary)).toEqual([
      'Rule delivery.visible (visible): wording of the description changed',
      'Rule entry_date.not_future (validate): wording of the description and spec source changed',
      'Rule entry_date.required (required): wording of the spec source changed',
    ]);
    expect(changes[1]).not.toHaveProperty('before');
    expect(changes[1].details).toEqual(['description set to "Direct mail to consumers and businesses."']);

    const md = formatDiffMarkdown({ from: 'a', to: 'b', changes, impact: null });
    const wordingAt = md.indexOf('### Wording only (3)');
    expect(md.indexOf('### Rules (1)')).toBeGreaterThan(-1);
    expect(md.indexOf('### Rules (1)')).toBeLessThan(wordingAt);
    expect(md).toContain('- Rule delivery.visible (visible): wording of the description changed — `rules/product/rules.json`\n');
    // One line each: no Before/After under a wording change.
    expect(md.slice(wordingAt).split('\n').filter((l) => l.startsWith('  -'))).toEqual([]);
  });

  it('keeps a reworded message a message change, naming any description reworded with it', () => {
    const m = edited(base, (f) => Object.assign(ruleIn(f, 'entry_date.not_future'), { message: 'Entry date cannot be a future date', description: 'No future dates.' }));
    expect(diffMetadata(base, m)).toEqual([
      expect.objectContaining({ subject: 'message', effect: 'message', before: 'Entry Date cannot be in the future', after: 'Entry date cannot be a future date', details: ['wording of the description changed'] }),
    ]);
  });

  it('stays silent when a rule names its codes by key instead of number', () => {
    const keyed = (f: Record<string, Obj>) => {
      const t = f['schemas/codes/audience.json'].oneOf as Obj[];
      for (const [i, key] of ['consumer', 'business', 'both'].entries()) t[i]['x-key'] = key;
    };
    const numbers = edited(base, keyed);
    const keys = edited(base, (f) => {
      keyed(f);
      ruleIn(f, 'delivery.visible').when = { and: [{ '==': [{ var: 'media_channel' }, 1] }, { in: [{ var: 'audience' }, ['consumer', 'business', 'both']] }] };
    });
    expect(diffMetadata(numbers, keys)).toEqual([]);
  });
});
