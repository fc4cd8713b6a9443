import { Editor, Element, Node, Path, Point, Range, Text, Transforms } from 'slate';
import { findMatches, type FindOptions } from './findMatches';
import type { HtmlElement } from './richTextTypes';

/** Selects the next match after the selection (wrapping round); returns it, or null when none. */
export function selectNext(editor: Editor, term: string, opts: FindOptions): Range | null {
  const all = findMatches(editor, term, opts);
  if (!all.length) return null;
  const from = editor.selection ? Range.end(editor.selection) : null;
  const next = (from && all.find((r) => Point.isAfter(r.anchor, from) || Point.equals(r.anchor, from))) ?? all[0]!;
  const atSelection = editor.selection && Range.equals(Range.isBackward(editor.selection) ? { anchor: editor.selection.focus, focus: editor.selection.anchor } : editor.selection, next);
  const target = atSelection ? (all[(all.indexOf(next) + 1) % all.length] ?? next) : next;
  Transforms.select(editor, target);
  return target;
}

const selectedMatch = (editor: Editor, term: string, opts: FindOptions): Range | null => {
  const sel = editor.selection;
  if (!sel || Range.isCollapsed(sel)) return null;
  const text = Editor.string(editor, sel);
  return (opts.matchCase ? text === term : text.toLowerCase() === term.toLowerCase()) ? sel : null;
};

/** Replaces the selected match (or selects the next one first), then selects the next match. */
export function replaceOne(editor: Editor, term: string, replacement: string, opts: FindOptions): boolean {
  const sel = selectedMatch(editor, term, opts) ?? selectNext(editor, term, opts);
  if (!sel) return false;
  Transforms.insertText(editor, replacement, { at: sel });
  selectNext(editor, term, opts);
  return true;
}

/** Replaces every match; returns how many. One undo step. */
export function replaceAll(editor: Editor, term: string, replacement: string, opts: FindOptions): number {
  const all = findMatches(editor, term, opts);
  Editor.withoutNormalizing(editor, () => {
    // Last first, so earlier ranges stay valid.
    for (const r of [...all].reverse()) Transforms.insertText(editor, replacement, { at: r });
  });
  return all.length;
}

const isLink = (n: Node): n is HtmlElement => Element.isElement(n) && n.tag === 'a';

/** Every link becomes its text (its formatting kept); returns how many links there were. */
export function removeLinks(editor: Editor): number {
  const links = Array.from(Editor.nodes(editor, { at: [], match: isLink }));
  Editor.withoutNormalizing(editor, () => {
    for (const [link, path] of links.reverse()) {
      const outer = (link as HtmlElement).wrap;
      if (outer?.length) {
        for (const [child, childPath] of Node.children(editor, path)) {
          if (Text.isText(child)) Transforms.setNodes(editor, { wrap: [...outer, ...(child.wrap ?? [])] }, { at: childPath });
          else if (Element.isElement(child) && child.inline) Transforms.setNodes(editor, { wrap: [...outer, ...(child.wrap ?? [])] }, { at: childPath });
        }
      }
      Transforms.unwrapNodes(editor, { at: path, match: (n, p) => Path.equals(p, path) && isLink(n) });
    }
  });
  return links.length;
}

export type Mark = 'bold' | 'italic' | 'underline';

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  return !!Editor.marks(editor)?.[mark];
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}
