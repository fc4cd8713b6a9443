/** What a sniffed file is, by the extension file-type reports (stable across its MIME spellings). */
export interface AllowedType {
  kind: 'image' | 'pdf' | 'audio' | 'video' | 'excel';
  mime: string;
}

/**
 * 001 §5 allow-list: images (jpeg, png, gif, bmp, webp, svg, tiff), pdf, audio (mpeg, mp4, wav,
 * ogg, m4a, flac), video (mp4, avi, quicktime, wmv, flv, mkv, webm), and Excel (xlsx; xls is an OLE
 * compound file, `cfb`) for the PDF-or-Excel file input of non-image channels.
 */
export const allowedTypes: Readonly<Record<string, AllowedType>> = {
  jpg: { kind: 'image', mime: 'image/jpeg' },
  png: { kind: 'image', mime: 'image/png' },
  gif: { kind: 'image', mime: 'image/gif' },
  bmp: { kind: 'image', mime: 'image/bmp' },
  webp: { kind: 'image', mime: 'image/webp' },
  svg: { kind: 'image', mime: 'image/svg+xml' },
  tif: { kind: 'image', mime: 'image/tiff' },
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  oga: { kind: 'audio', mime: 'audio/ogg' },
  opus: { kind: 'audio', mime: 'audio/ogg' },
  flac: { kind: 'audio', mime: 'audio/flac' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  m4v: { kind: 'video', mime: 'video/mp4' },
  avi: { kind: 'video', mime: 'video/x-msvideo' },
  mov: { kind: 'video', mime: 'video/quicktime' },
  asf: { kind: 'video', mime: 'video/x-ms-wmv' },
  flv: { kind: 'video', mime: 'video/x-flv' },
  mkv: { kind: 'video', mime: 'video/x-matroska' },
  webm: { kind: 'video', mime: 'video/webm' },
  xlsx: { kind: 'excel', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  cfb: { kind: 'excel', mime: 'application/vnd.ms-excel' },
};

/** 001 §5 File input: channel 5 (online display) takes images only; Excel never for media channels 19 and 20 or channel 5. */
export function allowedForChannel(t: AllowedType, channel: number | null): boolean {
  if (channel === 5) return t.kind === 'image';
  if (t.kind === 'excel') return channel !== 19 && channel !== 20;
  return true;
}

/** 001 §5 messages. */
export const invalidFileTypeMessage = 'Invalid file type';
export const fileTooLargeMessage = 'File size exceeds 100MB limit';
/** 001 §9: upload max 100MB, 1e8 bytes. */
export const maxUploadBytes = 1e8;

/** File-name extensions of each sniffed type (file-type's ext), for the name-versus-content check. */
const namesOf: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  tif: ['tif', 'tiff'],
  mp4: ['mp4', 'm4v'],
  m4v: ['mp4', 'm4v'],
  m4a: ['m4a', 'mp4'],
  ogg: ['ogg', 'oga', 'ogv', 'opus'],
  oga: ['ogg', 'oga', 'opus'],
  opus: ['ogg', 'oga', 'opus'],
  asf: ['wmv', 'asf', 'wma'],
  mov: ['mov', 'qt'],
  cfb: ['xls'],
  mp3: ['mp3', 'mpga'],
};

/**
 * A file whose name says another known type than its content is refused (HTML named .png, a PNG
 * named .pdf): the name is what people and other tools trust. Names without a known extension pass.
 */
export function nameMatchesType(filename: string, ext: string): boolean {
  const m = /\.([a-z0-9]{1,5})$/i.exec(filename);
  if (!m) return true;
  const given = m[1].toLowerCase();
  const known = Object.keys(allowedTypes).includes(given) || Object.values(namesOf).some((names) => names.includes(given)) || ['html', 'htm', 'exe', 'js'].includes(given);
  return !known || (namesOf[ext] ?? [ext]).includes(given);
}
