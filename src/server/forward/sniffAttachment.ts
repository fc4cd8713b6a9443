import { fileTypeFromBuffer } from 'file-type';

const extOf = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

/** Text without NUL bytes that decodes as UTF-8 (or plain ASCII/Latin-1 text). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let ctrl = 0;
  for (const b of head) if (b < 9 || (b > 13 && b < 32)) ctrl++;
  return ctrl <= head.length / 100;
}

/**
 * The attachment's type from its first bytes (000 §5 allow-list): file-type decides binary formats
 * (an OLE compound file is doc, xls or ppt by its name); text is html when it looks like HTML or is
 * named so, else txt. Undefined when not allowed. `attachmentTypes`: extension -> MIME type of the
 * allowed types (the forward policy's upload.types).
 */
export async function sniffAttachment(head: Uint8Array, filename: string, attachmentTypes: Readonly<Record<string, string>>): Promise<{ ext: string; mime: string } | undefined> {
  const found = await fileTypeFromBuffer(head);
  const named = extOf(filename);
  if (found) {
    if (found.ext === 'cfb') return ['doc', 'xls', 'ppt'].includes(named) && attachmentTypes[named] ? { ext: named, mime: attachmentTypes[named] } : undefined;
    const t = attachmentTypes[found.ext];
    return t ? { ext: found.ext, mime: t } : undefined;
  }
  if (head.length === 0 || !isText(head)) return undefined;
  const text = Buffer.from(head).toString('utf8').trimStart().slice(0, 2000).toLowerCase();
  const ext = named === 'html' || named === 'htm' || /^(<!doctype html|<html|<head|<body)/.test(text) ? 'html' : 'txt';
  const mime = attachmentTypes[ext];
  return mime ? { ext, mime } : undefined;
}
