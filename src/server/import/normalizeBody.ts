import { htmlToText } from './htmlToText';

/** Longest text considered for duplicate detection; the rest of a huge body adds nothing. */
const maxChars = 200_000;

/** The text a message shows: its text body, else the visible text of its HTML body. */
export function visibleText(text: string, html: string): string {
  return text.trim() ? text : htmlToText(html);
}

/**
 * The text two copies of the same mailing share: lower-cased, HTML tags removed, tracking query
 * strings and fragments cut from URLs, whitespace collapsed. Prefers the text body, else the HTML;
 * `visible` is `visibleText(text, html)` when the caller has it already.
 */
export function normalizeBody(text: string, html: string, visible = visibleText(text, html)): string {
  return visible
    .slice(0, maxChars)
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/\b((?:https?|ftp):\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
