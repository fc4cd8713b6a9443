import { useMemo, useSyncExternalStore } from 'react';
import { MetadataForm } from '../../../ui/form/MetadataForm';
import type { ViewModelLike } from '../../../ui/form/types';
import { useProductEditor } from './ProductEditorContext';

export interface EditorBlocksProps {
  /** Top-level block ids to draw (e.g. `sector_editor`, `send_link`). */
  include: readonly string[];
  /** Fields the composition does not show (reference data the editor fills, e.g. allowed sectors). */
  hideFields?: readonly string[];
  /** Inside a dialog whose title already names the block: the block's own title is not drawn again. */
  inDialog?: boolean;
}

/**
 * Editor-state blocks (the sector combination editor, dialog forms) drawn by the same renderer
 * from the same document and view model, inside a product widget or dialog.
 */
export function EditorBlocks({ include, hideFields, inDialog }: EditorBlocksProps) {
  const editor = useProductEditor();
  const doc = useSyncExternalStore(editor.subscribe, editor.getDoc);
  const vm = useSyncExternalStore(editor.subscribe, editor.getViewModel);
  const hideKey = hideFields?.join(',');
  const shown = useMemo<ViewModelLike>(() => {
    // The blocks are editor state shown on demand: visible here whatever the main form hides.
    const blocks = { ...vm.blocks };
    for (const id of include) blocks[id] = { ...blocks[id], visible: true };
    const fields = { ...vm.fields };
    for (const path of hideKey ? hideKey.split(',') : []) fields[path] = { ...fields[path], visible: false };
    return { ...vm, blocks, fields };
    // include is compared by content through the form's own keying.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vm, hideKey]);
  const form = (
    <MetadataForm
      blocks={editor.form.blocks}
      codes={editor.codes}
      entries={editor.form.entries}
      services={editor.form.services}
      document={doc}
      viewModel={shown}
      onChange={editor.change}
      include={include}
    />
  );
  return inDialog ? <div className="portal-dialog-blocks">{form}</div> : form;
}
