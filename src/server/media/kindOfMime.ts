/** What kind of file a stored MIME type is: image, video, audio, pdf, excel or html. */
export function kindOfMime(mime: string): string {
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'text/html') return 'html';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'excel';
}
