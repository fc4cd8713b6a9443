import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import { useEffect, useRef } from 'react';
import { focusField } from '../../../ui/form/focusField';
import { EditorBlocks } from './EditorBlocks';
import { useProductEditor } from './ProductEditorContext';
import { sendLinkFailureText } from './sendLinkFailureText';
import { showProblems } from './showProblems';

/** 001 §9: the default subject. */
export const DEFAULT_LINK_SUBJECT = 'Link to a product of your interest';
const BLOCK = 'send_link';
type Dialog = Record<string, unknown>;

/**
 * 'Send an E-Mail link to your colleagues' (001 §2): To (users), Subject, Message (counter 500),
 * Send, Cancel. The `send_link` rules check recipients and length; the server sends the mail.
 */
export function SendLinkDialog({ isOpen, onClose, send }: { isOpen: boolean; onClose: () => void; send: (body: Dialog) => Promise<void> }) {
  const editor = useProductEditor();
  useEffect(() => {
    if (isOpen) editor.update((d) => ({ ...d, [BLOCK]: { subject: DEFAULT_LINK_SUBJECT, message: '', user_email: [], ...((d[BLOCK] as Dialog) ?? {}) } }));
    // Opening fills the defaults once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);
  const close = () => {
    editor.update((d) => {
      const { [BLOCK]: _dropped, ...rest } = d;
      return rest;
    });
    onClose();
  };
  const body = useRef<HTMLDivElement>(null);
  const submit = async () => {
    const problems = editor.check('send_link');
    if (!(await showProblems(editor, problems))) {
      // The refused field takes the keyboard, in the dialog: the toast sits outside it, bottom right.
      if (body.current) focusField(body.current, problems[0]!.field);
      return;
    }
    const doc = editor.getDoc();
    const form = (doc[BLOCK] as Dialog) ?? {};
    try {
      await send({
        ...form,
        product_id: doc.product_id,
        entry_id: doc.entry_id,
      });
      editor.notify('Email Send Successfully', 'success');
      close();
    } catch (err) {
      editor.notify(sendLinkFailureText(err), 'danger');
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title="Send an E-Mail link to your colleagues">
      <DialogBody>
        <div ref={body}>
          <EditorBlocks include={[BLOCK]} inDialog />
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={close} />
            <Button intent="primary" text="Send" onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
