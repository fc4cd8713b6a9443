import type { ParsedMessage } from './ParsedMessage';
import type { ParsedRow } from './ParsedRow';

const utf8 = new TextEncoder();

/** The message with its bodies and search vector as UTF-8 JSON members (in a buffer of their own, transferable). */
export function toParsedRow({ text, html, searchVector, ...rest }: ParsedMessage): ParsedRow {
  const json = `"text_body":${JSON.stringify(text || null)},"html_body":${JSON.stringify(html || null)},"search":${JSON.stringify(searchVector)}`;
  return { ...rest, bodyJson: utf8.encode(json) };
}
