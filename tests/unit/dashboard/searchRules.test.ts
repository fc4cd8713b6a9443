import { describe, expect, it } from 'vitest';
import rulesFile from '../../../rules/dashboards/email_search.json';
import dedupRules from '../../../rules/dashboards/deduplicates.json';
import search from '../../../schemas/dashboards/email_search.json';
import { applySearchEdit, checkSearch, type SearchRuleFile } from '../../../src/ui/dashboard/searchRules';

const rules = rulesFile as unknown as SearchRuleFile;
const defaults = search['x-defaults'] as Record<string, unknown>;
const byKeys = ['by_id', 'by_subject', 'by_body', 'by_sender_name', 'by_sender_email'];
const on = (c: Record<string, unknown>) => byKeys.filter((k) => c[k]);

// 000 §5: search-by mutual exclusion, query reset, panelist limit and "at least one filter".
describe('email search rules (rules/dashboards/email_search.json)', () => {
  it('id, sender name and sender email each clear the others', () => {
    const start = { ...defaults, by_subject: true, by_body: true, query: 'sale' };
    for (const k of ['by_id', 'by_sender_name', 'by_sender_email']) {
      const { next } = applySearchEdit(rules, start, k, true);
      expect(on(next)).toEqual([k]);
      expect(next.query).toBe('');
    }
    const { next } = applySearchEdit(rules, { ...defaults, by_subject: false, by_id: true }, 'by_sender_email', true);
    expect(on(next)).toEqual(['by_sender_email']);
  });
  it('subject and body combine, each clearing id and the sender options; the query stays when both are on', () => {
    const a = applySearchEdit(rules, { ...defaults, by_subject: false, by_sender_name: true, query: 'acme' }, 'by_subject', true);
    expect(on(a.next)).toEqual(['by_subject']);
    expect(a.next.query).toBe('');
    const b = applySearchEdit(rules, { ...a.next, query: 'mortgage' }, 'by_body', true);
    expect(on(b.next)).toEqual(['by_subject', 'by_body']);
    expect(b.next.query).toBe('mortgage');
    const c = applySearchEdit(rules, { ...defaults, by_subject: false, by_id: true }, 'by_body', true);
    expect(on(c.next)).toEqual(['by_body']);
  });
  it("clears a panelist over 255 characters with 'Only 255 characters allowed.'", () => {
    const ok = applySearchEdit(rules, defaults, 'panelist', 'p'.repeat(255));
    expect(ok.message).toBeNull();
    expect(ok.next.panelist).toHaveLength(255);
    const long = applySearchEdit(rules, defaults, 'panelist', 'p'.repeat(256));
    expect(long.message).toBe('Only 255 characters allowed.');
    expect(long.next.panelist).toBe('');
  });
  it("asks for at least one filter: 'Please choose atleast one filter.'", () => {
    // The form's defaults include Country US (a filter, issue 10); with All and no dates there is none.
    const none = { ...defaults, country: '0' };
    expect(checkSearch(rules, none)).toBe('Please choose atleast one filter.');
    for (const [k, v] of Object.entries({ query: 'x', panelist: 'ann', state: '5', flags: ['C'], partition: 'emails_2002', owner_type: '1', hide_read: true, from_year: '2024', to_year: '2024', country: 'US', show_used: true, show_copy: true, show_junk: true })) {
      expect(checkSearch(rules, { ...none, [k]: v }), k).toBeNull();
    }
  });
  it('dedup search: ID and Subject toggles exclude each other', () => {
    const d = dedupRules as unknown as SearchRuleFile;
    expect(applySearchEdit(d, { query: '1', by_id: true, by_subject: false }, 'by_subject', true).next).toEqual({ query: '1', by_id: false, by_subject: true });
    expect(applySearchEdit(d, { query: '1', by_id: false, by_subject: true }, 'by_id', true).next).toEqual({ query: '1', by_id: true, by_subject: false });
  });
});
