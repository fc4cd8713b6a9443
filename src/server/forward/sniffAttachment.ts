import { fileTypeFromBuffer } from 'file-type';

const extOf = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

/** Text without NUL bytes that decodes as UTF-8 (or plain ASCII/Latin-1 text). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let ctrl = 0;
  for (const b of head) if (b < 9 || (b > 13 && b < 32)) ctrl++;
  return ctrl <= head.length / 100;
}

/** The binary formats file-type names, for the allowed types that are binary. */
const oleNamed = new Set(['doc', 'xls', 'ppt']);

/**
 * The attachment's type (000 §5 allow-list) when its name and its content agree: the extension must
 * be an allowed type, and the content, sniffed from its first bytes, the same type (file-type for
 * binary formats: jpg is jpeg, an OLE compound file is doc, xls or ppt as its name says; text without
 * NUL bytes for html and txt). Undefined otherwise (`evil.sh`, a PE named .pdf, a PDF named .png).
 * `attachmentTypes`: extension -> MIME type of the allowed types (the forward policy's upload.types).
 */
export async function sniffAttachment(head: Uint8Array, filename: string, attachmentTypes: Readonly<Record<string, string>>): Promise<{ ext: string; mime: string } | undefined> {
  const named = extOf(filename);
  const namedMime = Object.hasOwn(attachmentTypes, named) ? attachmentTypes[named] : undefined;
  if (!namedMime) return undefined;
  const found = await fileTypeFromBuffer(head);
  if (found) {
    if (found.ext === 'cfb') return oleNamed.has(named) ? { ext: named, mime: namedMime } : undefined;
    const sniffedMime = Object.hasOwn(attachmentTypes, found.ext) ? attachmentTypes[found.ext] : undefined;
    return sniffedMime === namedMime ? { ext: named, mime: namedMime } : undefined;
  }
  if (head.length === 0 || !isText(head)) return undefined;
  return namedMime.startsWith('text/') ? { ext: named, mime: namedMime } : undefined;
}
