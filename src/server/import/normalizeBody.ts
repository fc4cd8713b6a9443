import { htmlToText } from './htmlToText';

/** Longest text considered for duplicate detection; the rest of a huge body adds nothing. */
const maxChars = 200_000;

/**
 * The text two copies of the same mailing share: lower-cased, HTML tags removed, tracking query
 * strings and fragments cut from URLs, whitespace collapsed. Prefers the text body, else the HTML.
 */
export function normalizeBody(text: string, html: string): string {
  const source = text.trim() ? text : htmlToText(html);
  return source
    .slice(0, maxChars)
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/\b((?:https?|ftp):\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
