import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { mediaChannelCodes } from '../products/mediaChannelCodes';

/** Letter size, in points. */
const pageSize: [number, number] = [612, 792];
const margin = 60;

// Imported by the first demo PDF: bundled into the `portal` command (bin/cliBundle.js), a static import
// of pdf-lib (~0.2 s of CPU) would load it at every start, seeding or not.
let pdf: typeof import('pdf-lib');

/** pdf-lib's standard fonts write WinAnsi only: typographic quotes become plain ones, the rest is dropped. */
function ansi(text: unknown): string {
  return String(text ?? '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '');
}

/** Splits text into lines no wider than `width` at this size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

interface Pen {
  page: PDFPage;
  y: number;
}

function paragraph(pen: Pen, text: string, font: PDFFont, size: number, opts: { gap?: number; color?: Color; x?: number; width?: number } = {}): void {
  const x = opts.x ?? margin;
  const width = opts.width ?? pageSize[0] - x - margin;
  for (const line of wrap(ansi(text), font, size, width)) {
    pen.page.drawText(line, { x, y: pen.y, size, font, color: opts.color ?? pdf.rgb(0.13, 0.13, 0.16) });
    pen.y -= size * 1.35;
  }
  pen.y -= opts.gap ?? size * 0.8;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const usDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }) : '');

/** The words a demo mail piece is made of, from the product record itself. */
export interface DemoPieceText {
  company: string;
  headline: string;
  productName: string;
  offer: string;
  sectors: string[];
  expiry: string;
  reader: string;
  channel: 'Direct Mail' | 'Print';
}

/** The piece's words from a stored demo product document (headline, first company, offer, sectors, dates). */
export function demoPieceText(doc: Record<string, unknown>): DemoPieceText {
  const companies = Array.isArray(doc.companies) ? (doc.companies as Array<Record<string, unknown>>) : [];
  const panelists = Array.isArray(doc.panelists) ? (doc.panelists as Array<Record<string, unknown>>) : [];
  const chains = Array.isArray(doc.sectors) ? (doc.sectors as unknown[][]) : [];
  const incentives = Array.isArray(doc.incentives) ? (doc.incentives as Array<Record<string, unknown>>) : [];
  const sectors = chains.flatMap((c) => (Array.isArray(c) ? c.map((l) => str((l as Record<string, unknown>)?.name)) : [])).filter(Boolean);
  // The incentive when there is one, else what the headline promises ("Acme Gold: Lock in a low rate").
  const promise = str(doc.product_headline).split(':').slice(1).join(':').trim();
  const offer = [str(doc.ongoing_incentive), ...incentives.map((i) => str(i?.incentive)), promise && `${promise}.`].find(Boolean) ?? '';
  return {
    company: str(companies[0]?.companyName) || 'Our company',
    headline: str(doc.product_headline) || str(doc.product_name) || 'A special offer for you',
    productName: str(doc.product_name),
    offer,
    sectors: [...new Set(sectors)],
    expiry: usDate(str(doc.offer_expiry_date)),
    reader: str(panelists[0]?.first_name),
    channel: mediaChannelCodes(['print']).includes(Number(doc.media_channel)) ? 'Print' : 'Direct Mail',
  };
}

/**
 * A realistic multi-page mail piece (or print insert) for a demo product, made with pdf-lib: a
 * letter with the company's letterhead and the product's headline and offer, an offer-details
 * page, then terms and a reply form as `pages` allows (2 to 4). Text is real text, so the PDF
 * job extracts it into pdf_content as it does for uploads.
 */
export async function demoProductPdf(t: DemoPieceText, pages: number): Promise<Uint8Array> {
  pdf = await import('pdf-lib');
  const doc = await pdf.PDFDocument.create();
  doc.setTitle(ansi(`${t.company}: ${t.headline}`));
  doc.setAuthor(ansi(t.company));
  doc.setSubject(ansi(`${t.channel} piece`));
  doc.setCreator('Content Portal demo data');
  const regular = await doc.embedFont(pdf.StandardFonts.Helvetica);
  const bold = await doc.embedFont(pdf.StandardFonts.HelveticaBold);
  // Each company its own colour, so thumbnails of different companies look different.
  const palette = [pdf.rgb(0.09, 0.33, 0.55), pdf.rgb(0.55, 0.12, 0.16), pdf.rgb(0.1, 0.42, 0.27), pdf.rgb(0.38, 0.2, 0.52), pdf.rgb(0.72, 0.36, 0.05)];
  const accent = palette[[...t.company].reduce((n, c) => n + c.charCodeAt(0), 0) % palette.length];
  const [w, h] = pageSize;
  const letterhead = (page: PDFPage) => {
    page.drawRectangle({ x: 0, y: h - 90, width: w, height: 90, color: accent });
    page.drawText(ansi(t.company), { x: margin, y: h - 55, size: 22, font: bold, color: pdf.rgb(1, 1, 1) });
    page.drawText(ansi(t.sectors[0] ?? t.channel), { x: margin, y: h - 75, size: 10, font: regular, color: pdf.rgb(0.85, 0.9, 0.96) });
  };
  const footer = (page: PDFPage, n: number) => {
    page.drawLine({ start: { x: margin, y: 50 }, end: { x: w - margin, y: 50 }, thickness: 0.5, color: pdf.rgb(0.7, 0.7, 0.75) });
    page.drawText(ansi(`${t.company} · ${t.channel} · page ${n} of ${pages}`), { x: margin, y: 36, size: 8, font: regular, color: pdf.rgb(0.45, 0.45, 0.5) });
  };
  const offerLine = t.offer || `${t.productName || t.headline} is available to you today.`;
  const phone = `1-800-555-01${String(t.company.length % 100).padStart(2, '0')}`;

  // 1. The letter.
  let page = doc.addPage(pageSize);
  letterhead(page);
  const pen: Pen = { page, y: h - 140 };
  paragraph(pen, t.headline, bold, 24, { color: accent, gap: 18 });
  paragraph(pen, `Dear ${t.reader || 'Valued Customer'},`, regular, 12);
  paragraph(pen, `At ${t.company} we are always looking for ways to give more to the people we serve. That is why we are writing to tell you about ${t.productName || 'our newest offer'}.`, regular, 12);
  paragraph(pen, offerLine, bold, 13);
  paragraph(pen, `Responding is easy: call us, visit us online, or return the enclosed reply form.${t.expiry ? ` This offer is reserved for you until ${t.expiry}.` : ''}`, regular, 12, { gap: 24 });
  paragraph(pen, 'Sincerely,', regular, 12, { gap: 4 });
  paragraph(pen, `The ${t.company} team`, bold, 12);
  // The response coupon at the foot of the letter.
  const coupon = { x: margin, y: 80, width: w - 2 * margin, height: 150 };
  page.drawRectangle({ ...coupon, color: pdf.rgb(0.96, 0.98, 1), borderColor: accent, borderWidth: 1.5, borderDashArray: [6, 4] });
  page.drawCircle({ x: coupon.x + coupon.width - 70, y: coupon.y + 75, size: 48, color: accent });
  page.drawText('ACT', { x: coupon.x + coupon.width - 88, y: coupon.y + 80, size: 14, font: bold, color: pdf.rgb(1, 1, 1) });
  page.drawText('NOW', { x: coupon.x + coupon.width - 89, y: coupon.y + 62, size: 14, font: bold, color: pdf.rgb(1, 1, 1) });
  pen.y = coupon.y + coupon.height - 30;
  paragraph(pen, offerLine, bold, 14, { x: coupon.x + 20, width: coupon.width - 160, color: accent, gap: 6 });
  paragraph(pen, t.expiry ? `Respond by ${t.expiry}. Call ${phone}.` : `Call ${phone} today.`, regular, 11, { x: coupon.x + 20, width: coupon.width - 160 });
  footer(page, 1);

  // 2. The offer at a glance.
  page = doc.addPage(pageSize);
  letterhead(page);
  pen.page = page;
  pen.y = h - 140;
  paragraph(pen, 'Your offer at a glance', bold, 20, { color: accent, gap: 14 });
  const rows: Array<[string, string]> = [
    ['Product', t.productName || t.headline],
    ['Offer', offerLine],
    ['Category', t.sectors.join(' / ') || t.channel],
    ['Respond by', t.expiry || 'While the offer lasts'],
  ];
  for (const [label, value] of rows) {
    const top = pen.y;
    page.drawText(ansi(label), { x: margin, y: top, size: 11, font: bold, color: pdf.rgb(0.3, 0.3, 0.35) });
    pen.y = top;
    paragraph(pen, value, regular, 11, { x: margin + 110, gap: 10 });
  }
  pen.y -= 10;
  page.drawRectangle({ x: margin, y: pen.y - 70, width: w - 2 * margin, height: 80, borderColor: accent, borderWidth: 2, color: pdf.rgb(0.94, 0.97, 1) });
  pen.y -= 8;
  paragraph(pen, t.headline, bold, 14, { x: margin + 16, width: w - 2 * margin - 32, color: accent, gap: 6 });
  paragraph(pen, `Call ${phone} or reply by mail.`, regular, 11, { x: margin + 16 });
  footer(page, 2);

  // 3. Terms.
  if (pages >= 3) {
    page = doc.addPage(pageSize);
    pen.page = page;
    pen.y = h - 70;
    paragraph(pen, 'Important terms and conditions', bold, 16, { gap: 12 });
    const terms = [
      `This offer is made by ${t.company} and is subject to eligibility requirements. ${t.productName || 'The product'} may not be available in all states.`,
      `${offerLine} Terms of the offer may change before you respond; the terms in effect on the day your response is received apply.`,
      t.expiry ? `The offer expires on ${t.expiry}. Responses received after that date may not qualify.` : 'The offer may be withdrawn at any time.',
      'You may opt out of future mailings at any time by calling the number in this letter. Keep this page for your records.',
    ];
    for (const term of terms) paragraph(pen, term, regular, 10, { gap: 10 });
    footer(page, 3);
  }

  // 4. Reply form.
  if (pages >= 4) {
    page = doc.addPage(pageSize);
    letterhead(page);
    pen.page = page;
    pen.y = h - 140;
    paragraph(pen, 'Reply form', bold, 20, { color: accent, gap: 8 });
    paragraph(pen, `Yes! I would like to learn more about ${t.productName || t.headline}.`, regular, 12, { gap: 20 });
    for (const field of ['Name', 'Address', 'City, State, ZIP', 'Phone', 'Email']) {
      page.drawText(field, { x: margin, y: pen.y, size: 11, font: regular });
      page.drawLine({ start: { x: margin + 110, y: pen.y - 2 }, end: { x: w - margin, y: pen.y - 2 }, thickness: 0.75, color: pdf.rgb(0.5, 0.5, 0.55) });
      pen.y -= 34;
    }
    footer(page, 4);
  }
  // Without object streams: several times faster to write, and a mail piece's PDF is small anyway.
  return doc.save({ useObjectStreams: false });
}
