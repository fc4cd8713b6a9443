import { fillMessage } from './fillMessage';

export type TextValues = Record<string, string | number>;

/**
 * A text an analyst words in metadata (docs/decisions/route-texts-in-rule-files.md): key `key` of a rule file's
 * `x-messages` or a dashboard file's `messages`, from the files the server serves, its {placeholders} filled. The
 * server and the browser read the same files, so a reworded text reaches both. A missing text shows its key rather
 * than nothing; unit tests check that every key the code uses is in its file.
 */
export function metadataText(files: Readonly<Record<string, unknown>>, file: string, key: string, values: TextValues = {}): string {
  const content = files[file] as { 'x-messages'?: Record<string, unknown>; messages?: Record<string, unknown> } | undefined;
  const text = content?.['x-messages']?.[key] ?? content?.messages?.[key];
  if (typeof text !== 'string') return key;
  return fillMessage(text, values);
}
