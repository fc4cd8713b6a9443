import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { JSDOM } from 'jsdom';
import { DOMParser as FastParser } from 'linkedom';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { demoCorpusFiles } from '../../../src/server/import/importDemoCorpus';
import { htmlToSlate, type HtmlParser } from '../../../src/ui/richtext/htmlToSlate';
import { slateToHtml } from '../../../src/ui/richtext/slateToHtml';

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

async function htmlMessages(): Promise<Array<{ file: string; html: string }>> {
  const out: Array<{ file: string; html: string }> = [];
  for (const file of demoCorpusFiles()) {
    const raw = readFileSync(file);
    // Cheap pre-filter: only messages that mention an HTML part are parsed.
    if (!/text\/html/i.test(raw.toString('latin1'))) continue;
    const email = await PostalMime.parse(raw.subarray(raw.indexOf('\n') + 1));
    if (email.html) out.push({ file: basename(file), html: email.html });
  }
  return out;
}

describe('rich text: HTML -> Slate -> HTML over the SpamAssassin demo corpus', () => {
  it('keeps all visible text, every link href and every image src of every HTML message', async () => {
    const messages = await htmlMessages();
    expect(messages.length).toBeGreaterThan(500);
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
});
