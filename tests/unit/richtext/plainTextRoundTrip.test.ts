import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { DOMParser as FastParser } from 'linkedom';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { demoCorpusFiles } from '../../../src/server/import/importDemoCorpus';
import { textToHtml } from '../../../src/shared/html/textToHtml';
import { htmlToSlate, type HtmlParser } from '../../../src/ui/richtext/htmlToSlate';
import { slateToHtml } from '../../../src/ui/richtext/slateToHtml';

const parse: HtmlParser = (html) => new FastParser().parseFromString(`<!doctype html><html><head></head><body>${html}</body></html>`, 'text/html') as unknown as Document;

/** What a reader of the HTML sees, as lines: a paragraph ends with a blank line, <br> breaks a line. */
function readLines(html: string): string {
  const doc = parse(html);
  const out: string[] = [];
  const walk = (n: Node, line: string[]): void => {
    for (const c of Array.from(n.childNodes)) {
      if (c.nodeType === 3) line.push(c.textContent ?? '');
      else if (c.nodeType === 1) {
        const tag = (c as Element).tagName.toLowerCase();
        if (tag === 'br') line.push('\n');
        else if (tag === 'p') {
          const inner: string[] = [];
          walk(c, inner);
          out.push(inner.join(''));
        } else walk(c, line);
      }
    }
  };
  walk(doc.body, []);
  return out.join('\n\n').replace(/\u00a0/g, ' ');
}

/** The text as the editor should show it: LF line ends, no trailing spaces, one blank line between paragraphs (a form feed, which HTML reads as a space, is one). */
const normalise = (text: string) =>
  text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').replace(/[\u00a0\f]/g, ' ').split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n{3,}/g, '\n\n').replace(/^\n+/, '').trimEnd();

async function plainMessages(): Promise<Array<{ file: string; text: string }>> {
  const out: Array<{ file: string; text: string }> = [];
  for (const file of demoCorpusFiles()) {
    const raw = readFileSync(file);
    if (/text\/html/i.test(raw.toString('latin1'))) continue;
    const email = await PostalMime.parse(raw.subarray(raw.indexOf('\n') + 1));
    if (!email.html && email.text) out.push({ file: basename(file), text: email.text });
  }
  return out;
}

// Issue 28 item 3: a text/plain email keeps its lines in the editor, and so in what is forwarded.
describe('plain-text emails: text -> HTML -> Slate -> HTML keeps every line', () => {
  it('a quoted reply keeps its paragraphs, line breaks, indentation and > lines', () => {
    const text = 'Hi Bob,\n\nThanks.\n  Indented line\n\n> On Monday you wrote:\n> > nested quote\n> reply <b>not bold</b> & more\n\n-- \nAlice\n';
    const html = textToHtml(text);
    expect(html).toContain('&gt; On Monday you wrote:<br>&gt; &gt; nested quote');
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt; &amp; more');
    expect(readLines(slateToHtml(htmlToSlate(html, parse)))).toBe(normalise(text));
  });

  it('round-trips every plain-text message of the SpamAssassin corpus', async () => {
    const messages = await plainMessages();
    expect(messages.length).toBeGreaterThan(3000);
    const failures = messages.filter((m) => readLines(slateToHtml(htmlToSlate(textToHtml(m.text), parse))) !== normalise(m.text)).map((m) => m.file);
    expect(failures).toEqual([]);
  }, 300_000);
});
