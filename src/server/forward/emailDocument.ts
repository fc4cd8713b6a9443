import { formatEmailDate } from '../../shared/formatEmailDate';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A sanitised email (or forward) as a whole HTML page for the processed-html view and the PDF:
 * a CSP that loads nothing but inline styles and data: images, a heading with subject, sender and
 * date, then the message (for a forward) and the body.
 */
export function emailDocument(opts: { subject: string; from: string; date: string; to?: string; message?: string; body: string }): string {
  const rows = [
    ['Subject', opts.subject],
    ['From', opts.from],
    ...(opts.to ? [['To', opts.to]] : []),
    // 000 §9's format; the server knows no viewer's zone, so UTC, named.
    ['Date', opts.date ? `${formatEmailDate(opts.date, { utc: true })} UTC` : ''],
  ]
    .map(([k, v]) => `<tr><th style="text-align:left;padding-right:12px">${esc(k!)}</th><td>${esc(v!)}</td></tr>`)
    .join('');
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">` +
    `<title>${esc(opts.subject)}</title>` +
    '<style>body{font-family:Arial,Helvetica,sans-serif;margin:0;padding:8px}.portal-email-head{font-size:13px;border-bottom:1px solid #ccc;margin-bottom:12px;padding-bottom:6px}</style>' +
    `</head><body><table class="portal-email-head">${rows}</table>` +
    (opts.message ? `<div class="portal-email-message">${opts.message}</div><hr>` : '') +
    `<div class="portal-email-body">${opts.body}</div></body></html>`
  );
}

/** What a sent forward looks like: the reviewer's message above the forwarded copy. */
export function forwardMailHtml(message: string, body: string): string {
  return `${message ? `<div>${message}</div><br>` : ''}<div>---------- Forwarded message ----------</div><br>${body}`;
}
