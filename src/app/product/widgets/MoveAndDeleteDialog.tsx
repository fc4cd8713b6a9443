import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import { useState } from 'react';
import { EditorBlocks } from './EditorBlocks';
import { useProductEditor } from './ProductEditorContext';
import { showProblems } from './showProblems';

/** The three move-and-delete calls (001 §7), answered as the server words them. */
export interface MoveAndDeleteCalls {
  lookup(productId: string): Promise<{ status_code: number; message: string; products: { entry_id: string | null } }>;
  validate(entryId: string): Promise<{ status_code: number; message: string; data: unknown }>;
  confirm(entryId: string, sourceProductId: number): Promise<{ status_code: number; message: string }>;
}

const BLOCK = 'move_and_delete';
type Dialog = Record<string, unknown>;

/**
 * Move and delete (001 §2, §4, §5, §8): enter an Entry ID, or a Product ID and Search; Next checks
 * the entry id (the `move_and_delete` rules) and asks the server, then MOVE & DELETE / Cancel.
 */
export function MoveAndDeleteDialog({ isOpen, onClose, calls, onMoved }: { isOpen: boolean; onClose: () => void; calls: MoveAndDeleteCalls; onMoved: () => void }) {
  const editor = useProductEditor();
  const [confirming, setConfirming] = useState<string | null>(null);
  const state = () => (editor.getDoc()[BLOCK] as Dialog | undefined) ?? {};
  const set = (patch: Dialog) => editor.update((d) => ({ ...d, [BLOCK]: { ...((d[BLOCK] as Dialog) ?? {}), ...patch } }));
  const clear = () => editor.update((d) => {
    const { [BLOCK]: _dropped, ...rest } = d;
    return rest;
  });

  const search = async () => {
    if (!(await showProblems(editor, editor.check('move_lookup')))) return;
    const id = String(state().product_id ?? '').trim();
    try {
      const r = await calls.lookup(id);
      if (r.status_code === 200 && r.products.entry_id) set({ entry_id: r.products.entry_id });
      else if (r.status_code === 404) editor.notify(`Entry Id not found for product ID: ${id}`, 'danger');
      else editor.notify(`${r.message} for product ID: ${id}`, 'danger');
    } catch {
      editor.notify('An error occurred while fetching data.', 'danger');
    }
  };

  const next = async () => {
    if (!(await showProblems(editor, editor.check('move_and_delete')))) return;
    const entryId = String(state().entry_id ?? '').trim();
    try {
      const r = await calls.validate(entryId);
      if (r.status_code === 200 && r.data) setConfirming(entryId);
      // 001 §8: a reply without data is 'Product details not found' (the server's 404 says which entry id).
      else editor.notify(r.data ? r.message : 'Product details not found', 'danger');
    } catch (e) {
      editor.notify(e instanceof Error ? e.message : String(e), 'danger');
    }
  };

  const move = async () => {
    const entryId = confirming!;
    try {
      const r = await calls.confirm(entryId, Number(editor.getDoc().product_id));
      setConfirming(null);
      if (r.status_code === 200) {
        clear();
        onClose();
        // The server's words (rules/product/move-and-delete.json); an alert, not a toast: onMoved leaves the product screen, and its toaster with it.
        await editor.alert(r.message);
        onMoved();
      } else editor.notify(r.message, r.status_code === 404 ? 'warning' : 'danger');
    } catch (e) {
      editor.notify(e instanceof Error ? e.message : String(e), 'danger');
    }
  };

  const readonly = editor.block(BLOCK).readonly;
  return (
    <>
      <Dialog isOpen={isOpen && confirming === null} onClose={onClose} title="Move and delete">
        <DialogBody>
          <EditorBlocks include={[BLOCK]} inDialog />
          <Button text="Search" icon="search" onClick={() => void search()} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button
                text="Cancel"
                onClick={() => {
                  clear();
                  onClose();
                }}
              />
              <Button intent="primary" text="Next" onClick={() => void next()} disabled={readonly} />
            </>
          }
        />
      </Dialog>
      <Dialog isOpen={confirming !== null} onClose={() => setConfirming(null)} title="Confirm move and delete">
        <DialogBody>
          <p>
            Entry ID: <strong>{confirming}</strong>
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={() => setConfirming(null)} data-autofocus />
              <Button intent="danger" text="MOVE & DELETE" onClick={() => void move()} disabled={readonly} />
            </>
          }
        />
      </Dialog>
    </>
  );
}
