import { fileTypeFromBuffer } from 'file-type';
import { allowedTypes, type AllowedType } from './uploadTypes';

/** How many leading bytes decide the type: enough for file-type to read the first entries of an xlsx zip. */
export const sniffBytes = 65536;

const svgPattern = /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;

/** SVG is text, so file-type cannot see it: a document whose first element is <svg>. */
function looksLikeSvg(head: Uint8Array): boolean {
  let text = Buffer.from(head).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // No NUL bytes: binary data with '<svg' somewhere is not an SVG document.
  return !text.includes('\u0000') && svgPattern.test(text);
}

/** The allowed type of a file from its first bytes (never from its name), or undefined. */
export async function sniffUpload(head: Uint8Array): Promise<(AllowedType & { ext: string }) | undefined> {
  const found = await fileTypeFromBuffer(head);
  // file-type calls an SVG with an XML declaration plain `xml`.
  if (found && found.ext !== 'xml') {
    const t = allowedTypes[found.ext];
    return t ? { ...t, ext: found.ext } : undefined;
  }
  return looksLikeSvg(head) ? { ...allowedTypes.svg, ext: 'svg' } : undefined;
}
