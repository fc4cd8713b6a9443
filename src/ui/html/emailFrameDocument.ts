/**
 * The iframe's Content-Security-Policy: nothing loads but inline styles and embedded (data:/cid:)
 * images until the reviewer asks for remote content; then http(s) images too. Scripts stay off
 * either way (and the sandbox forbids them as well).
 */
export function emailFramePolicy(showRemote: boolean): string {
  const img = showRemote ? "img-src data: cid: https: http:" : 'img-src data: cid:';
  return `default-src 'none'; ${img}; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'`;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The srcdoc of the email frame: CSP first (before anything can load), then the sanitised HTML. */
export function emailFrameDocument(sanitizedHtml: string, showRemote: boolean): string {
  return (
    '<!doctype html><html><head>' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(emailFramePolicy(showRemote))}">` +
    '<meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    '<style>body{margin:8px;font-family:system-ui,sans-serif;word-wrap:break-word}img{max-width:100%}</style>' +
    `</head><body>${sanitizedHtml}</body></html>`
  );
}

/** Whether the email refers to remote content (so the "Show remote content" button is worth showing). */
export function hasRemoteContent(html: string): boolean {
  return /(?:src|srcset|background|href|poster|xlink:href)\s*=\s*["']?\s*(?:https?:)?\/\//i.test(html) || /url\(\s*["']?\s*(?:https?:)?\/\//i.test(html);
}

/** Plain text shown as text (escaped), for emails without an HTML part. */
export function textAsHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<pre style="white-space:pre-wrap;font-family:inherit">${esc}</pre>`;
}
