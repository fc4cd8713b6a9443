import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes decide the type: enough for file-type to read the first entries of an xlsx zip. */
export const sniffBytes = 65536;

const prolog = String.raw`^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*`;
const svgPattern = new RegExp(`${prolog}<svg[\\s>]`, 'i');
const htmlPattern = /^\s*(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+html[\s>]|<html[\s>]|<head[\s>]|<body[\s>])/i;

/** The head as text, or undefined for binary data (NUL bytes: '<svg' somewhere in it is not markup). */
function textOf(head: Uint8Array): string | undefined {
  let text = Buffer.from(head).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.includes('\u0000') ? undefined : text;
}

/**
 * What the first bytes of a file are, as an extension (file-type's `ext`; `svg` and `html` for the
 * markup file-type cannot see), never from its name; undefined when unknown. Which of these the
 * portal takes is metadata (codes/upload_file_type, rules/product/upload.json).
 */
export async function sniffUpload(head: Uint8Array): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head);
  // file-type calls an SVG with an XML declaration plain `xml`.
  if (found && found.ext !== 'xml') return found.ext;
  const text = textOf(head);
  if (text === undefined) return undefined;
  if (svgPattern.test(text)) return 'svg';
  return htmlPattern.test(text) ? 'html' : undefined;
}
