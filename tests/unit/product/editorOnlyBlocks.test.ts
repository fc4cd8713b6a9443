import { describe, expect, it } from 'vitest';
import { editorOnlyBlocks } from '../../../src/app/product/editorOnlyFields';
import { splitMetadata } from '../../../src/app/product/splitMetadata';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

describe('editor-only blocks come from x-transient (issue 16 item 2)', () => {
  it('the project metadata: the dialogs and the sector editor on top, the promotion form inside its section', () => {
    const { blocks } = splitMetadata(loadMetadataFromDir(projectRoot).files);
    const got = editorOnlyBlocks(blocks);
    expect(got.top.sort()).toEqual(['move_and_delete', 'sector_editor', 'send_link']);
    expect(got.child).toEqual(['promotion_form']);
  });

  it('a block marked x-transient in metadata only becomes editor state', () => {
    const { blocks } = splitMetadata(loadMetadataFromDir(projectRoot).files);
    const delivery = blocks.find((b) => b['x-block'].id === 'delivery')!;
    const changed = blocks.map((b) => (b === delivery ? { ...b, 'x-transient': true } : b));
    expect(editorOnlyBlocks(changed).top).toContain('delivery');
  });
});
