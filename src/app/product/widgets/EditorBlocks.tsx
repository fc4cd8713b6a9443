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
  // Blocks and fields copied only when the engine's records change: an edit that leaves them as they
  // were keeps the same records here, so the form's store skips comparing every field (a copy of
  // every field entry per keystroke was most of this component's cost).
  const blocks = useMemo(() => {
    // The blocks are editor state shown on demand: visible here whatever the main form hides.
    const out = { ...vm.blocks };
    for (const id of include) out[id] = { ...out[id], visible: true };
    return out;
    // include is compared by content through the form's own keying.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vm.blocks]);
  const fields = useMemo(() => {
    if (!hideKey) return vm.fields;
    const out = { ...vm.fields };
    for (const path of hideKey.split(',')) out[path] = { ...out[path], visible: false };
    return out;
  }, [vm.fields, hideKey]);
  const shown = useMemo<ViewModelLike>(() => ({ ...vm, blocks, fields }), [vm, blocks, fields]);
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
