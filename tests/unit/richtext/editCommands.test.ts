import { JSDOM } from 'jsdom';
import { createEditor, Editor, Node } from 'slate';
import { withHistory } from 'slate-history';
import { describe, expect, it } from 'vitest';
import forwardBlock from '../../../schemas/forward/forward.json';
import { removeLinks, replaceAll, replaceOne, selectNext } from '../../../src/ui/richtext/editCommands';
import { findMatches } from '../../../src/ui/richtext/findMatches';
import { htmlToSlate, type HtmlParser } from '../../../src/ui/richtext/htmlToSlate';
import type { HtmlElement } from '../../../src/ui/richtext/richTextTypes';
import { slateToHtml } from '../../../src/ui/richtext/slateToHtml';

// 000 §2: "Find and replace with a match-case option. A Remove Link button."; issue 12 item 2:
// next, replace, replace all, and Remove Link with 'Are you sure to remove all links?' (links become their text).

const { DOMParser } = new JSDOM('').window;
const parse: HtmlParser = (html) => new DOMParser().parseFromString(html, 'text/html');

/** An editor as the rich-text widget builds it (without React), holding the HTML. */
function editorWith(html: string): Editor {
  const editor = withHistory(createEditor()) as Editor;
  const { isInline, isVoid } = editor;
  editor.isInline = (el) => (el.inline ? true : isInline(el));
  editor.isVoid = (el) => (el.void ? true : isVoid(el));
  editor.children = htmlToSlate(html, parse);
  Editor.normalize(editor, { force: true });
  return editor;
}
const html = (editor: Editor) => slateToHtml(editor.children as HtmlElement[]);
const selected = (editor: Editor) => (editor.selection ? Editor.string(editor, editor.selection) : null);
const text = (editor: Editor) => editor.children.map((n) => Node.string(n)).join('\n');

const sale = '<p>Sale today. <b>SALE</b> ends soon; the sale is <font color="red">on sale</font>.</p><table><tr><td>Big sale</td></tr></table>';

describe('find (match case option)', () => {
  it('finds every occurrence, across formatting, tables and fonts, case-insensitively by default', () => {
    const editor = editorWith(sale);
    expect(findMatches(editor, 'sale', { matchCase: false })).toHaveLength(5);
    expect(findMatches(editor, 'sale', { matchCase: true })).toHaveLength(3);
    expect(findMatches(editor, 'SALE', { matchCase: true })).toHaveLength(1);
    expect(findMatches(editor, 'Sale', { matchCase: true })).toHaveLength(1);
    expect(findMatches(editor, 'nothing', { matchCase: false })).toEqual([]);
    expect(findMatches(editor, '', { matchCase: false })).toEqual([]);
  });

  it('Next selects the matches in document order and wraps round to the first', () => {
    const editor = editorWith('<p>one cat, two cats</p><p>three CAT</p>');
    const seen = [1, 2, 3, 4].map(() => {
      selectNext(editor, 'cat', { matchCase: false });
      return `${selected(editor)}@${JSON.stringify(editor.selection!.anchor)}`;
    });
    expect(seen.map((s) => s.split('@')[0])).toEqual(['cat', 'cat', 'CAT', 'cat']);
    expect(seen[3]).toBe(seen[0]);
    expect(new Set(seen.slice(0, 3)).size).toBe(3);
    // Match case: only the lower-case ones.
    editor.selection = null;
    selectNext(editor, 'CAT', { matchCase: true });
    expect(selected(editor)).toBe('CAT');
    expect(selectNext(editor, 'dog', { matchCase: false })).toBeNull();
  });
});

describe('replace and replace all', () => {
  it('Replace changes the selected match (or the next one) and moves on to the following match', () => {
    const editor = editorWith('<p>cat and cat and Cat</p>');
    expect(replaceOne(editor, 'cat', 'dog', { matchCase: false })).toBe(true);
    expect(text(editor)).toBe('dog and cat and Cat');
    expect(selected(editor)).toBe('cat');
    replaceOne(editor, 'cat', 'dog', { matchCase: false });
    expect(text(editor)).toBe('dog and dog and Cat');
    replaceOne(editor, 'cat', 'dog', { matchCase: false });
    expect(text(editor)).toBe('dog and dog and dog');
    expect(replaceOne(editor, 'cat', 'dog', { matchCase: false })).toBe(false);
  });

  it('Replace with match case leaves the other cases alone', () => {
    const editor = editorWith('<p>Cat cat CAT</p>');
    replaceOne(editor, 'cat', 'dog', { matchCase: true });
    expect(text(editor)).toBe('Cat dog CAT');
  });

  it('Replace All replaces every match, keeps the formatting around it, and is one undo step', () => {
    const editor = editorWith(sale);
    expect(replaceAll(editor, 'sale', 'offer', { matchCase: false })).toBe(5);
    expect(html(editor)).toBe(
      '<p>offer today. <b>offer</b> ends soon; the offer is <font color="red">on offer</font>.</p><table><tbody><tr><td>Big offer</td></tr></tbody></table>',
    );
    editor.undo();
    expect(html(editor)).toBe(slateToHtml(htmlToSlate(sale, parse)));
  });

  it('Replace All with match case counts and replaces only the exact case', () => {
    const editor = editorWith(sale);
    expect(replaceAll(editor, 'SALE', 'OFFER', { matchCase: true })).toBe(1);
    expect(text(editor)).toContain('OFFER ends soon; the sale is on sale');
    expect(replaceAll(editor, 'nothing', 'x', { matchCase: false })).toBe(0);
  });
});

describe('Remove Link', () => {
  it("asks 'Are you sure to remove all links?' (the body field's metadata)", () => {
    expect(forwardBlock.properties.body['x-ui']).toMatchObject({ removeLinks: true, removeLinksConfirm: 'Are you sure to remove all links?' });
  });

  it('turns every link into its text, keeping the formatting around and inside it, images included', () => {
    const editor = editorWith(
      '<p>Visit <a href="https://shop.example/a">our <b>shop</b></a> or <font color="red"><a href="https://shop.example/b" style="color:red">the sale</a></font>.</p>' +
        '<table><tr><td><a href="https://shop.example/c"><img src="data:image/png;base64,AAAA" alt="logo"></a></td></tr></table>',
    );
    expect(removeLinks(editor)).toBe(3);
    const out = html(editor);
    expect(out).not.toContain('<a ');
    expect(out).not.toContain('href=');
    expect(out).toBe(
      '<p>Visit our <b>shop</b> or <font color="red">the sale</font>.</p><table><tbody><tr><td><img src="data:image/png;base64,AAAA" alt="logo"></td></tr></tbody></table>',
    );
    expect(text(editor)).toContain('Visit our shop or the sale.');
    editor.undo();
    expect(html(editor)).toContain('<a href="https://shop.example/a">our <b>shop</b></a>');
    expect(removeLinks(editorWith('<p>no links</p>'))).toBe(0);
  });
});
