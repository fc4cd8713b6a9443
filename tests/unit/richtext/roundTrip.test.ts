import { JSDOM } from 'jsdom';
import { DOMParser as FastParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { createEditor, Editor } from 'slate';
import { htmlToSlate, type HtmlParser } from '../../../src/ui/richtext/htmlToSlate';
import type { HtmlElement } from '../../../src/ui/richtext/richTextTypes';
import { slateToHtml } from '../../../src/ui/richtext/slateToHtml';
import { corpusSampleByShape } from '../../helpers/corpusSampleByShape';
import { fullSize } from '../../helpers/testSize';

const { DOMParser } = new JSDOM('').window;
/** The browser's parser (jsdom) for the detailed cases. */
const parse: HtmlParser = (html) => new DOMParser().parseFromString(html, 'text/html');
/**
 * linkedom for the corpus: jsdom takes seconds per large message on a loaded machine. It does not
 * invent <body> for a fragment, so a message without one gets it here; both sides of each
 * comparison are read by the same parser.
 */
const fastParse: HtmlParser = (html) =>
  new FastParser().parseFromString(/<body[\s>]/i.test(html) ? html : `<!doctype html><html><head></head><body>${html}</body></html>`, 'text/html') as unknown as Document;

/** What a reader sees: the body's text without style/script, every whitespace removed (block breaks are layout, not text). */
function visible(doc: Document): string {
  for (const el of Array.from(doc.querySelectorAll('style, script, noscript, template, title, head, iframe, noframes, noembed, frameset'))) el.remove();
  // Everything outside <head>: a lenient parser may leave text after </body>.
  return Array.from(doc.childNodes).filter((n) => n.nodeType !== 8).map((n) => n.textContent ?? '').join('').replace(/\s+/g, '');
}
// Attribute names compared case-insensitively (linkedom keeps HREF as written).
const attr = (el: Element, name: string) => Array.from(el.attributes).find((a) => a.name.toLowerCase() === name)?.value;
const values = (doc: Document, tag: string, name: string) => Array.from(doc.querySelectorAll(tag)).map((e) => attr(e, name)).filter((v) => v !== undefined);
const hrefs = (doc: Document) => values(doc, 'a', 'href');
const srcs = (doc: Document) => values(doc, 'img', 'src');

/** A message's MIME shape: its top-level content type and its HTML part's transfer encoding. */
function mimeShape(raw: string): string {
  const head = raw.slice(0, Math.max(0, raw.search(/\r?\n\r?\n/)));
  const top = (/^content-type:\s*([^;\s]+)/im.exec(head)?.[1] ?? 'none').toLowerCase();
  const html = /content-type:\s*text\/html/i.exec(raw);
  const partHead = html ? raw.slice(html.index, html.index + 600) : '';
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(partHead)?.[1] ?? /^content-transfer-encoding:\s*([\w-]+)/im.exec(head)?.[1] ?? 'none';
  return `${top} ${encoding.toLowerCase()}`;
}

/**
 * The corpus messages with an HTML body. `npm test`: a seeded sample of up to 3 per MIME shape
 * (every shape that has one); `npm run test:full`: all of them.
 */
async function htmlMessages(): Promise<Array<{ file: string; html: string; shape: string }>> {
  // Cheap pre-filter: only messages that mention an HTML part are parsed.
  const sample = await corpusSampleByShape((raw) => (/text\/html/i.test(raw) ? mimeShape(raw) : null), (email) => email.html || null);
  return sample.map(({ file, shape, value }) => ({ file, html: value, shape }));
}

describe('rich text: HTML -> Slate -> HTML over the SpamAssassin demo corpus', () => {
  it('keeps all visible text, every link href and every image src of every HTML message', async () => {
    const messages = await htmlMessages();
    if (fullSize) expect(messages.length).toBeGreaterThan(500);
    else expect(new Set(messages.map((m) => m.shape)).size).toBeGreaterThan(15);
    const failures: string[] = [];
    const problemsWith = (html: string, parser: HtmlParser): string[] => {
      const before = parser(html);
      const after = parser(slateToHtml(htmlToSlate(html, parser)));
      const problems: string[] = [];
      if (visible(after) !== visible(before)) problems.push('text');
      if (JSON.stringify(hrefs(after)) !== JSON.stringify(hrefs(before))) problems.push('hrefs');
      if (JSON.stringify(srcs(after)) !== JSON.stringify(srcs(before))) problems.push('srcs');
      return problems;
    };
    for (const { file, html } of messages) {
      // linkedom is not a browser-grade parser (stray <style>/<title> placement): what it flags is re-checked with jsdom.
      const problems = problemsWith(html, fastParse).length ? problemsWith(html, parse) : [];
      if (problems.length) failures.push(`${file}: ${problems.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('keeps tables, colours, links and images as elements with their attributes', () => {
    const html =
      '<table width="600" bgcolor="#ffffff"><tr><td style="color: #ff0000"><font color="blue">Sale <b>50%</b></font> <a href="https://shop.example/x">Shop</a><img src="data:image/png;base64,AAAA" width="10"></td></tr></table><p>Bye<br>now</p>';
    const out = slateToHtml(htmlToSlate(html, parse));
    expect(out).toBe(
      '<table width="600" bgcolor="#ffffff"><tbody><tr><td style="color: #ff0000"><font color="blue">Sale <b>50%</b></font> <a href="https://shop.example/x">Shop</a><img src="data:image/png;base64,AAAA" width="10"></td></tr></tbody></table><p>Bye<br>now</p>',
    );
  });

  it('keeps an image alone in its cell as a block void (no empty texts around it), with its formatting, through Slate normalising', () => {
    const html =
      '<table><tbody><tr><td> <img src="data:image/gif;base64,A"> </td><td><font color="red"><a href="https://x.example/"><img src="data:image/gif;base64,B"></a></font></td><td><b><img src="data:image/gif;base64,C"></b><img src="data:image/gif;base64,D"></td><td>Sale <img src="data:image/gif;base64,E"></td><td><font size="3"><img src="data:image/gif;base64,F"><img src="data:image/gif;base64,G"></font></td></tr></tbody></table>';
    const editor = createEditor();
    const { isInline, isVoid } = editor;
    editor.isInline = (el) => (el.inline ? true : isInline(el));
    editor.isVoid = (el) => (el.void ? true : isVoid(el));
    editor.children = htmlToSlate(html, parse);
    Editor.normalize(editor, { force: true });
    const cells = ((editor.children[0] as HtmlElement).children[0] as HtmlElement).children[0] as HtmlElement;
    const [alone, linked, two, withText, shared] = cells.children as HtmlElement[];
    expect(shared!.children.map((c) => ('type' in c ? `${c.tag}${c.inline ? ' inline' : ''}` : 'text'))).toEqual(['img', 'img']);
    expect(alone!.children).toEqual([{ type: 'html', tag: 'img', attrs: { src: 'data:image/gif;base64,A' }, void: true, children: [{ text: '' }] }]);
    // In a link: stays an inline inside the link.
    expect(linked!.children.map((c) => ('type' in c ? `${c.tag}${c.inline ? ' inline' : ''}` : `text '${c.text}'`))).toEqual(["text ''", 'a inline', "text ''"]);
    expect(two!.children).toEqual([
      { type: 'html', tag: 'img', attrs: { src: 'data:image/gif;base64,C' }, void: true, wrap: [{ tag: 'b', attrs: {} }], children: [{ text: '' }] },
      { type: 'html', tag: 'img', attrs: { src: 'data:image/gif;base64,D' }, void: true, children: [{ text: '' }] },
    ]);
    expect(withText!.children.map((c) => ('type' in c ? `${c.tag}${c.inline ? ' inline' : ''}` : `text '${c.text}'`))).toEqual(["text 'Sale '", 'img inline', "text ''"]);
    expect(slateToHtml(editor.children as HtmlElement[])).toBe(
      '<table><tbody><tr><td><img src="data:image/gif;base64,A"></td><td><font color="red"><a href="https://x.example/"><img src="data:image/gif;base64,B"></a></font></td><td><b><img src="data:image/gif;base64,C"></b><img src="data:image/gif;base64,D"></td><td>Sale <img src="data:image/gif;base64,E"></td><td><font size="3"><img src="data:image/gif;base64,F"><img src="data:image/gif;base64,G"></font></td></tr></tbody></table>',
    );
  });
});
