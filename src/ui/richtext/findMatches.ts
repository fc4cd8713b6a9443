import { Editor, Node, Text, type BaseRange, type Path } from 'slate';

export interface FindOptions {
  matchCase: boolean;
}

const indexesOf = (text: string, term: string, matchCase: boolean): number[] => {
  if (!term) return [];
  const hay = matchCase ? text : text.toLowerCase();
  const needle = matchCase ? term : term.toLowerCase();
  const out: number[] = [];
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) out.push(i);
  return out;
};

/** The ranges of a text node where the term occurs (a match does not span formatting boundaries). */
export function matchesInText(text: string, path: Path, term: string, opts: FindOptions): BaseRange[] {
  return indexesOf(text, term, opts.matchCase).map((offset) => ({ anchor: { path, offset }, focus: { path, offset: offset + term.length } }));
}

/** Every occurrence of the term in the document, in document order. */
export function findMatches(editor: Editor, term: string, opts: FindOptions): BaseRange[] {
  if (!term) return [];
  const out: BaseRange[] = [];
  for (const [node, path] of Node.texts(editor)) if (Text.isText(node)) out.push(...matchesInText(node.text, path, term, opts));
  return out;
}
