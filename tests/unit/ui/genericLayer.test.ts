import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findDomainNames, readDomainVocabulary, scanForDomainNames } from './domainVocabulary';

const root = join(import.meta.dirname, '..', '..', '..');
const vocabulary = readDomainVocabulary(root);

// Issue 16 "Done when": no widget under src/ui names a document field, a rule id or a spec text;
// what a widget must know about the document comes from its field's path, `x-ui` and the rules.
describe('src/ui is generic', () => {
  it('reads a vocabulary large enough to mean something', () => {
    expect(vocabulary.fields.size).toBeGreaterThan(300);
    expect(vocabulary.fields.has('panelists')).toBe(true);
    expect(vocabulary.fields.has('panelist_draft')).toBe(true);
    expect(vocabulary.ruleIds.has('panelist_draft.date_required')).toBe(true);
    expect(vocabulary.messageParts).toContain('Please choose date.');
  });

  it('no file under src/ui names a document field, rule id or spec message', () => {
    const found = scanForDomainNames(root, 'src/ui', vocabulary).map((v) => `${v.file}:${v.line}: ${v.kind} ${v.text}`);
    expect(found).toEqual([]);
  });

  it('finds each kind of violation (so the scan above can fail)', () => {
    const source = [
      '// Comments may give examples: doc.panelists, "Please choose date."',
      "import { x } from './companies';",
      'export const a = (d: Record<string, unknown>) => ({ ...d, panelists: [] });',
      "export const b = editor.check('panelist_add', { panelist_draft: {} }, ['panelist_draft.date_required']);",
      'export const c = doc.affinity;',
      "export const e = <p>Please choose date.</p>;",
      "export const f = `${'Please choose date.'}`;",
      "export const g = 'delivery.delivery_method';",
      "export const ok = { id: 1, name: 'x', status: 2, title: 'Add', lookup: 'y' };",
    ].join('\n');
    const found = findDomainNames(source, vocabulary, 'probe.tsx').map((v) => `${v.line} ${v.kind} ${v.text}`);
    expect(found).toEqual([
      '3 field panelists',
      '4 field panelist_draft',
      '4 rule id panelist_draft.date_required',
      '5 field affinity',
      '6 message Please choose date.',
      '7 message Please choose date.',
      '8 field delivery',
    ]);
  });
});
