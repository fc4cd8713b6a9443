import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * A real PDF made with pdf-lib: one letter-size page per entry, each line drawn as text at `size`
 * points, `lineHeight` apart (a smaller size fits more lines on a page; each page costs the server a render).
 */
export async function makePdf(pages: string[][], { size = 11, lineHeight = 14 }: { size?: number; lineHeight?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    // A shape too, so a page image is more than text on white.
    page.drawRectangle({ x: 40, y: 40, width: 120, height: 60, borderWidth: 2 });
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * lineHeight, size, font }));
  }
  return Buffer.from(await doc.save());
}

/** n pages whose first line says which page it is. */
export const numberedPages = (n: number, extra: string[] = []) => Array.from({ length: n }, (_, i) => [`Offer page ${i + 1} of ${n}`, ...extra]);
