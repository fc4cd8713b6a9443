import { describe, expect, it } from 'vitest';
import { diffMetadata, formatDiffMarkdown } from '../../../src/engine/diff';
import { failingConditions } from '../../../src/engine/diff/failOn';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

type Obj = Record<string, unknown>;
// The project's own metadata: the files an analyst edits, as `rules diff` and the Rule changes screen load them.
const base = loadMetadataFromDir(projectRoot);
const edited = (edit: (files: Record<string, Obj>) => void) => {
  const files = structuredClone(base.files) as Record<string, Obj>;
  edit(files);
  return { files };
};

describe('diffMetadata: texts and files outside the product model', () => {
  it('finds nothing between the metadata and a copy of it', () => {
    expect(diffMetadata(base, edited(() => undefined))).toEqual([]);
  });

  it("shows a route's reworded text (a rule file's x-messages) with both texts, as a message-only change", () => {
    const to = edited((f) => void ((f['rules/product/move-and-delete.json']!['x-messages'] as Obj).entryIdNotFound = 'No product has that Entry ID'));
    const changes = diffMetadata(base, to);
    expect(changes).toEqual([
      expect.objectContaining({
        subject: 'text', change: 'changed', effect: 'message', id: 'rules/product/move-and-delete.json#x-messages.entryIdNotFound', file: 'rules/product/move-and-delete.json',
        before: 'Entry Id not found', after: 'No product has that Entry ID',
      }),
    ]);
    // A review gating on any change in meaning fails on it, and the report shows both texts.
    expect(failingConditions(['any-change'], changes, null)).toEqual(['any-change: 1 change(s)']);
    const md = formatDiffMarkdown({ from: 'a', to: 'b', changes, impact: null });
    expect(md).toContain('### Texts of screens and routes (1)');
    expect(md).toContain('  - Before: "Entry Id not found"');
    expect(md).toContain('  - After: "No product has that Entry ID"');
  });

  it("shows a screen's reworded message (a dashboard file's messages), and a text added or removed", () => {
    const to = edited((f) => {
      const messages = f['schemas/dashboards/emails.json']!.messages as Obj;
      messages.noRecords = 'Nothing found';
      messages.brandNew = 'A new text';
    });
    const texts = diffMetadata(base, to).map((c) => [c.subject, c.change, c.id, c.before, c.after]);
    expect(texts).toEqual([
      ['text', 'added', 'schemas/dashboards/emails.json#messages.brandNew', undefined, 'A new text'],
      ['text', 'changed', 'schemas/dashboards/emails.json#messages.noRecords', 'No Records', 'Nothing found'],
    ]);
  });

  it("lists another feature's file changes (a dashboard column) as one change of that file, and a file's own description as wording", () => {
    const to = edited((f) => {
      const columns = f['schemas/dashboards/emails.json']!.columns as Obj[];
      columns[0]!.width = 40;
      f['rules/product/move-and-delete.json']!.description = 'Reworded documentation';
    });
    const changes = diffMetadata(base, to);
    expect(changes.map((c) => [c.subject, c.effect, c.id])).toEqual([
      ['file', 'behaviour', 'schemas/dashboards/emails.json'],
      ['file', 'wording', 'rules/product/move-and-delete.json'],
    ]);
    expect(changes[0]!.details).toEqual([expect.stringMatching(/^columns: /)]);
  });

  it("leaves a rule file's rules to the rule diff: a changed rule is one rule change, not a file change too", () => {
    const to = edited((f) => {
      const rule = (f['rules/product/move-and-delete.json']!.rules as Obj[]).find((r) => typeof r.message === 'string')!;
      rule.message = 'Reworded rule message';
    });
    expect(diffMetadata(base, to).map((c) => c.subject)).toEqual(['message']);
  });
});
