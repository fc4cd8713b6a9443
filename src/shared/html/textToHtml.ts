const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Spaces HTML would collapse (at a line's start, after another space) kept as no-break spaces; a tab as four. */
const keepSpaces = (line: string) =>
  line
    .replace(/\t/g, '    ')
    .replace(/^ +/, (run) => '\u00a0'.repeat(run.length))
    .replace(/ {2,}/g, (run) => ' ' + '\u00a0'.repeat(run.length - 1));

/**
 * A text/plain email as HTML that keeps its lines (issue 28): each run of lines between blank
 * lines becomes a paragraph, each line break a `<br>`, spaces and quoted `>` lines kept as written
 * (`white-space: pre-wrap`). The forward editor, the PDF and the sent copy all start from it.
 */
export function textToHtml(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n').map((l) => l.replace(/\s+$/, ''));
  const paragraphs: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line === '') {
      if (current.length) paragraphs.push(current);
      current = [];
    } else current.push(line);
  }
  if (current.length) paragraphs.push(current);
  return paragraphs.map((p) => `<p style="white-space:pre-wrap;margin:0 0 1em">${p.map((l) => escapeHtml(keepSpaces(l))).join('<br>')}</p>`).join('');
}
