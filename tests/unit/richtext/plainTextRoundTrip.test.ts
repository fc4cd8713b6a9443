import { DOMParser as FastParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { textToHtml } from '../../../src/shared/html/textToHtml';
import { corpusSampleByShape } from '../../helpers/corpusSampleByShape';
import { fullSize } from '../../helpers/testSize';
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

/**
 * What a plain-text message's raw bytes show of the cases the editor must keep: its transfer
 * encoding and charset, tabs, quoted (>) lines, runs of blank lines, trailing spaces, form feeds,
 * non-breaking spaces, CR line ends.
 */
function textShape(raw: string): string {
  const encoding = /^content-transfer-encoding:\s*([\w-]+)/im.exec(raw)?.[1]?.toLowerCase() ?? 'none';
  const charset = /charset="?([\w-]+)/i.exec(raw)?.[1]?.toLowerCase() ?? 'none';
  const body = raw.slice(raw.indexOf('\n\n') + 2);
  const features = { tab: /\t/, quote: /^>/m, blanks: /\n[ \t]*\n[ \t]*\n/, trailing: /[ \t]\r?\n/, formFeed: /\f/, nbsp: /\xa0|=A0|=C2=A0/i, cr: /\r\n/ };
  return [encoding, charset, ...Object.entries(features).filter(([, re]) => re.test(body)).map(([k]) => k)].join(' ');
}

/**
 * The corpus messages with a plain-text body and no HTML. `npm test`: a seeded sample of up to 3
 * per shape (textShape); `npm run test:full`: all of them.
 */
async function plainMessages(): Promise<Array<{ file: string; text: string; shape: string }>> {
  const sample = await corpusSampleByShape((raw) => (/text\/html/i.test(raw) ? null : textShape(raw)), (email) => (email.html || !email.text ? null : email.text));
  return sample.map(({ file, shape, value }) => ({ file, text: value, shape }));
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

  it(`round-trips ${fullSize ? 'every plain-text message' : 'a sample of the plain-text messages, up to 3 of each shape,'} of the SpamAssassin corpus`, async () => {
    const messages = await plainMessages();
    if (fullSize) expect(messages.length).toBeGreaterThan(3000);
    else for (const feature of ['tab', 'quote', 'blanks', 'trailing', 'formFeed', 'nbsp', 'quoted-printable', 'base64']) expect(messages.some((m) => m.shape.split(' ').includes(feature)), feature).toBe(true);
    const failures = messages.filter((m) => readLines(slateToHtml(htmlToSlate(textToHtml(m.text), parse))) !== normalise(m.text)).map((m) => m.file);
    expect(failures).toEqual([]);
  }, 300_000);
});
