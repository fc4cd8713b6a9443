import { describe, expect, it } from 'vitest';
import { createEngine, lintMetadata } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { refusalStyles } from '../../../src/app/product/refusalStyles';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test edits of parsed JSON

// Issue 16: a picked list's draft and check, and how a refusal shows, are metadata that lint checks.
describe('picked-list annotations (x-ui.draft, x-ui.check, x-refusal)', () => {
  it('the project metadata declares them and lints clean; the editor reads the alert rules from x-refusal', () => {
    const md = loadMetadataFromDir(projectRoot);
    const affinity = (md.files['schemas/product/sections/affinity.json'] as Json).properties.affinity['x-ui'];
    expect(affinity).toMatchObject({ draft: 'affinity_draft', check: 'affinity_add' });
    expect(lintMetadata(md)).toEqual([]);
    const styles = refusalStyles(createEngine(md));
    expect(styles.get('affinity_draft.not_duplicate')).toBe('alert');
    expect(styles.get('panelist_draft.date_required')).toBe('alert');
    expect(styles.has('media_channel.required')).toBe(false);
  });

  it('reports a draft that names no field, a check no rule runs on, and an unknown refusal style', () => {
    const md = loadMetadataFromDir(projectRoot);
    const ui = (md.files['schemas/product/sections/affinity.json'] as Json).properties.affinity['x-ui'];
    ui.draft = 'affinity_drafts';
    ui.check = 'affinity_ad';
    const rules = (md.files['rules/product/pickers.json'] as Json).rules as Json[];
    rules.find((r) => r.id === 'affinity_draft.not_duplicate')!['x-refusal'] = 'modal';
    const out = lintMetadata(md).map((p) => `${p.file}:${p.path}: ${p.message}`);
    expect(out).toEqual(
      expect.arrayContaining([
        'schemas/product/sections/affinity.json:$.properties.affinity["x-ui"].draft: draft "affinity_drafts" names no field',
        'schemas/product/sections/affinity.json:$.properties.affinity["x-ui"].check: check "affinity_ad" is an action no rule runs on',
        `rules/product/pickers.json:$.rules[1]["x-refusal"]: x-refusal is "alert" or "toast", not "modal"`,
      ]),
    );
    expect(out).toHaveLength(3);
  });
});
