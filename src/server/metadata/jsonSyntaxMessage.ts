/**
 * A JSON.parse failure in words an analyst can act on: V8 on Node 20 names only a character offset
 * ("... in JSON at position 363"), so the line and column are put first (`line 13, column 5: ...`)
 * for the editor's go-to-line. Messages that already carry a line, or no position, stay as they are.
 */
export function jsonSyntaxMessage(text: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const at = /at position (\d+)/.exec(message);
  if (!at || /\bline \d+/.test(message)) return message;
  const offset = Math.min(Number(at[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${message}`;
}
