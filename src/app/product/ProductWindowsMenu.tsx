import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { memo, useState } from 'react';
import { productWindows } from '../media/productWindows';
import type { ProductShellDoc } from './productShellDoc';

interface MenuProps {
  doc: ProductShellDoc;
  productId: number | undefined;
  directMail: boolean;
}

/**
 * The windows of 001 §2 "Actions" (view PDF, HTML or media): the uploaded file and, for direct
 * mail (`directMail`: its upload is the scanned piece, 001 §9), the scan as first uploaded; for a product catalogued from an email, that email as
 * processed HTML, as its kept temp PDF and rendered as a PDF now. Each opens in its own window;
 * an entry that does not apply says why instead.
 */
export function ProductWindowsMenu(props: MenuProps) {
  const [isOpen, setOpen] = useState(false);
  return <WindowsPopover {...props} isOpen={isOpen} setOpen={setOpen} />;
}

/**
 * Drawn again only while open (or opening/closing): a channel switch changes what the closed menu would
 * list (`directMail`), and redrawing the closed popover and its button was Blueprint work on every switch.
 */
const WindowsPopover = memo(
  function WindowsPopover({ doc, productId, directMail, isOpen, setOpen }: MenuProps & { isOpen: boolean; setOpen: (open: boolean) => void }) {
    const muid = typeof doc.muid === 'number' || (typeof doc.muid === 'string' && /^\d+$/.test(doc.muid)) ? String(doc.muid) : null;
    const hasFile = typeof doc.product_pdf === 'string' && doc.product_pdf !== '';
    const p = productId !== undefined ? productWindows.product(productId) : null;
    const e = muid ? productWindows.email(muid) : null;
    const noFile = productId === undefined ? 'Submit the product first' : 'No file uploaded';
    const item = (text: string, icon: 'document' | 'code' | 'print' | 'archive' | 'media', href: string | null | undefined, why: string) => (
      <MenuItem text={text} icon={icon} href={href ?? undefined} target="_blank" rel="noreferrer" disabled={!href} label={href ? undefined : why} />
    );
    return (
      <PopoverNext
        placement="bottom-start"
        isOpen={isOpen}
        onInteraction={setOpen}
        content={
          <Menu aria-label="Open a window">
            {item(directMail ? 'Uploaded PDF' : 'Uploaded PDF / media', 'media', hasFile ? p?.uploaded : null, noFile)}
            {directMail && item('Direct Mail PDF', 'archive', hasFile ? p?.original : null, noFile)}
            <MenuDivider title="Email" />
            {item('Processed HTML', 'code', e?.processedHtml, 'No email')}
            {item('Temp PDF', 'document', e?.tempPdf, 'No email')}
            {item('Render PDF', 'print', e?.renderPdf, 'No email')}
          </Menu>
        }
      >
        <Button text="Open" icon="share" endIcon="caret-down" />
      </PopoverNext>
    );
  },
  // Closed before and after: nothing on screen changes (the next opening draws the menu from the props then).
  (prev, next) => !prev.isOpen && !next.isOpen,
);
