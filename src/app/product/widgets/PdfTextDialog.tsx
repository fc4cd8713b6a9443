import { Button, Classes, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import type { MediaDetails } from './MediaDetails';

/** The PDF Text viewer (001 §2 Dialogs): the text extracted from the product PDF, scrolling. */
export function PdfTextDialog({ details, isOpen, onClose }: { details: MediaDetails | null; isOpen: boolean; onClose: () => void }) {
  const words = details?.pdf_words ?? 0;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="PDF Text" style={{ width: 760, maxWidth: '95vw' }}>
      <DialogBody>
        {details?.pdf_text_withheld ? (
          <p className={Classes.TEXT_MUTED}>
            The PDF text has {words.toLocaleString('en-US')} words, more than the limit of {details.word_limit.toLocaleString('en-US')}: it is not displayed.
          </p>
        ) : details?.pdf_text ? (
          <>
            <p className={Classes.TEXT_MUTED}>
              {details.pdf_characters.toLocaleString('en-US')} characters, {words.toLocaleString('en-US')} words
            </p>
            <pre className="portal-pdf-text" aria-label="PDF text" style={{ maxHeight: '60vh', overflow: 'auto', whiteSpace: 'pre-wrap', margin: 0 }}>
              {details.pdf_text}
            </pre>
          </>
        ) : (
          <p className={Classes.TEXT_MUTED}>No text was extracted from this file.</p>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
