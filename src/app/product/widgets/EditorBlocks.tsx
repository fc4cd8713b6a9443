import { useMemo } from 'react';
import { MetadataForm, type FormSource } from '../../../ui/form/MetadataForm';
import type { ViewModelLike } from '../../../ui/form/types';
import { lastOf } from '../lastOf';
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
 * from the same document and view model, inside a product widget or dialog. The form follows the
 * editor's store itself (its fields render in the same commit as the widget around them).
 */
export function EditorBlocks({ include, hideFields, inDialog }: EditorBlocksProps) {
  const editor = useProductEditor();
  const includeKey = include.join(',');
  const hideKey = hideFields?.join(',');
  const { subscribe, getDoc, getViewModel } = editor;
  const source = useMemo<FormSource>(() => {
    // Blocks and fields copied only when the engine's records change: an edit that leaves them as they
    // were keeps the same records here, so the form's store skips comparing every field (a copy of
    // every field entry per keystroke was most of this component's cost).
    const blocksOf = lastOf((blocks: ViewModelLike['blocks']) => {
      // The blocks are editor state shown on demand: visible here whatever the main form hides.
      const out = { ...blocks };
      for (const id of includeKey.split(',')) out[id] = { ...out[id], visible: true };
      return out;
    });
    const fieldsOf = lastOf((fields: ViewModelLike['fields']) => {
      if (!hideKey) return fields;
      const out = { ...fields };
      for (const path of hideKey.split(',')) out[path] = { ...out[path], visible: false };
      return out;
    });
    const shownOf = lastOf((vm: ViewModelLike): ViewModelLike => ({ ...vm, blocks: blocksOf(vm.blocks), fields: fieldsOf(vm.fields) }));
    return { subscribe, getDocument: getDoc, getViewModel: () => shownOf(getViewModel()) };
  }, [subscribe, getDoc, getViewModel, includeKey, hideKey]);
  const form = (
    <MetadataForm
      blocks={editor.form.blocks}
      codes={editor.codes}
      entries={editor.form.entries}
      services={editor.form.services}
      document={source.getDocument()}
      viewModel={source.getViewModel()}
      source={source}
      onChange={editor.change}
      include={include}
    />
  );
  return inDialog ? <div className="portal-dialog-blocks">{form}</div> : form;
}
