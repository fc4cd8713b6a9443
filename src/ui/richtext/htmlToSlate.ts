import { droppedTags, inlineTags, voidTags } from './htmlTags';
import type { HtmlElement, HtmlText, HtmlWrap, RichNode } from './richTextTypes';

/** Parses HTML into a Document: the browser's DOMParser by default (tests pass jsdom's). */
export type HtmlParser = (html: string) => Document;

const defaultParser: HtmlParser = (html) => new DOMParser().parseFromString(html, 'text/html');

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

type Item = { block: false; node: HtmlElement | HtmlText } | { block: true; node: HtmlElement };

const attrsOf = (el: Element): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const a of Array.from(el.attributes)) out[a.name.toLowerCase()] = a.value;
  return out;
};

const tagOf = (el: Element) => el.localName.toLowerCase();

/** Whether an inline element holds a block (old mail puts tables inside <font> and <a>): then it is drawn as a block. */
function holdsBlock(el: Element, memo: WeakMap<Element, boolean>): boolean {
  const known = memo.get(el);
  if (known !== undefined) return known;
  let found = false;
  for (const c of Array.from(el.children)) {
    const t = tagOf(c);
    if (droppedTags.has(t)) continue;
    if (!inlineTags.has(t) || t === 'style' || holdsBlock(c, memo)) {
      found = true;
      break;
    }
  }
  memo.set(el, found);
  return found;
}

const sameWrap = (a: HtmlWrap[] | undefined, b: HtmlWrap[] | undefined) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

interface Walk {
  memo: WeakMap<Element, boolean>;
}

function pushText(out: Item[], text: string, wrap: HtmlWrap[]) {
  const last = out[out.length - 1];
  const w = wrap.length ? wrap : undefined;
  if (last && !last.block && !('type' in last.node) && sameWrap(last.node.wrap, w)) {
    last.node = { ...last.node, text: last.node.text + text };
    return;
  }
  out.push({ block: false, node: w ? { text, wrap: w } : { text } });
}

function walk(nodes: ArrayLike<Node>, wrap: HtmlWrap[], pre: boolean, out: Item[], w: Walk): void {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.nodeType === TEXT || node.nodeType === CDATA) {
      const data = (node as CharacterData).data;
      pushText(out, pre ? data : data.replace(/[ \t\n\r\f]+/g, ' '), wrap);
      continue;
    }
    if (node.nodeType !== ELEMENT) continue;
    const el = node as Element;
    const tag = tagOf(el);
    if (droppedTags.has(tag)) continue;
    if (tag === 'br') {
      pushText(out, '\n', wrap);
      continue;
    }
    if (tag === 'style') {
      out.push({ block: true, node: { type: 'html', tag, attrs: attrsOf(el), void: true, css: el.textContent ?? '', children: [{ text: '' }] } });
      continue;
    }
    const attrs = attrsOf(el);
    if (tag === 'img' || tag === 'wbr') {
      out.push({ block: false, node: { type: 'html', tag, attrs, inline: true, void: true, ...(wrap.length ? { wrap } : {}), children: [{ text: '' }] } });
      continue;
    }
    if (inlineTags.has(tag) && !holdsBlock(el, w.memo)) {
      if (tag === 'a') {
        const inner: Item[] = [];
        walk(el.childNodes, [], pre, inner, w);
        const children = inner.map((it) => it.node);
        out.push({ block: false, node: { type: 'html', tag, attrs, inline: true, ...(wrap.length ? { wrap } : {}), children: withEdges(children) } });
      } else {
        walk(el.childNodes, [...wrap, { tag, attrs }], pre, out, w);
      }
      continue;
    }
    const isVoid = voidTags.has(tag);
    out.push({
      block: true,
      node: { type: 'html', tag, attrs, ...(isVoid ? { void: true } : {}), children: isVoid ? [{ text: '' }] : blockContent(el.childNodes, pre || tag === 'pre', w) },
    });
  }
}

/** Slate wants text at both ends of an inline run and between inline elements. */
function withEdges(nodes: Array<HtmlElement | HtmlText>): Array<HtmlElement | HtmlText> {
  if (nodes.length === 0) return [{ text: '' }];
  const out: Array<HtmlElement | HtmlText> = [];
  let prevInline = true;
  for (const n of nodes) {
    const isEl = 'type' in n;
    if (isEl && prevInline) out.push({ text: '' });
    out.push(n);
    prevInline = isEl;
  }
  if (prevInline) out.push({ text: '' });
  return out;
}

function trimRun(run: Array<HtmlElement | HtmlText>, pre: boolean): Array<HtmlElement | HtmlText> {
  if (pre || run.length === 0) return run;
  const out = [...run];
  const first = out[0]!;
  if (!('type' in first)) out[0] = { ...first, text: first.text.replace(/^ +/, '') };
  const lastIndex = out.length - 1;
  const last = out[lastIndex]!;
  if (!('type' in last)) out[lastIndex] = { ...last, text: last.text.replace(/ +$/, '') };
  return out;
}

const blankRun = (run: Array<HtmlElement | HtmlText>) => run.every((n) => !('type' in n) && n.text.trim() === '');

/**
 * A run that is only images (no text at all, as in the spacer and picture cells of marketing
 * mail): the images as block voids, so Slate needs no empty texts around them (two per image,
 * each drawn as three spans). They still draw inline (RichTextEditor), so the layout is the same.
 */
function imageBlocks(run: Array<HtmlElement | HtmlText>): HtmlElement[] | null {
  let images = 0;
  for (const n of run) {
    if ('type' in n ? n.tag !== 'img' : n.text !== '') return null;
    if ('type' in n) images++;
  }
  if (!images) return null;
  return run.filter((n): n is HtmlElement => 'type' in n).map(({ inline: _inline, ...img }) => img);
}

function blockContent(nodes: ArrayLike<Node>, pre: boolean, w: Walk): Array<HtmlElement | HtmlText> {
  const items: Item[] = [];
  walk(nodes, [], pre, items, w);
  if (items.every((i) => !i.block)) {
    const run = trimRun(items.map((i) => i.node), pre);
    return imageBlocks(run) ?? withEdges(run);
  }
  // Mixed content: each inline run between blocks becomes an anonymous block (serialised as just its content).
  const out: HtmlElement[] = [];
  let run: Array<HtmlElement | HtmlText> = [];
  const flush = () => {
    const trimmed = trimRun(run, pre);
    const images = imageBlocks(trimmed);
    if (images) out.push(...images);
    else if (run.length && !blankRun(run)) out.push({ type: 'html', tag: '', attrs: {}, children: withEdges(trimmed) });
    run = [];
  };
  for (const it of items) {
    if (it.block) {
      flush();
      out.push(it.node);
    } else run.push(it.node);
  }
  flush();
  return out;
}

/** The body's nodes, and any a lenient parser left around <head> and <body> (browsers move them into the body). */
function bodyNodes(doc: Document): Node[] {
  const out: Node[] = [];
  const root = doc.documentElement;
  for (const n of Array.from(doc.childNodes)) {
    if (n === root) {
      for (const c of Array.from(root.childNodes)) {
        if (c === doc.head) continue;
        if (c === doc.body) out.push(...Array.from(c.childNodes));
        else out.push(c);
      }
    } else if (n.nodeType === ELEMENT || n.nodeType === TEXT) out.push(n);
  }
  return out;
}

/**
 * Email HTML (already sanitised) as Slate nodes that keep every element's tag and attributes:
 * blocks stay blocks (tables, rows, cells, paragraphs, headings, lists), inline formatting
 * (font, span, b, i, u with their colours) rides on the text, links and images are inline
 * elements. `slateToHtml` gives the markup back.
 */
export function htmlToSlate(html: string, parse: HtmlParser = defaultParser): HtmlElement[] {
  const doc = parse(html);
  const w: Walk = { memo: new WeakMap() };
  const headStyles: HtmlElement[] = Array.from(doc.head?.querySelectorAll('style') ?? []).map((s) => ({
    type: 'html',
    tag: 'style',
    attrs: attrsOf(s),
    void: true,
    css: s.textContent ?? '',
    children: [{ text: '' }],
  }));
  const body = blockContent(bodyNodes(doc), false, w);
  const blocks: HtmlElement[] =
    body.length && 'type' in body[0]! && !body[0].inline ? (body as HtmlElement[]) : [{ type: 'html', tag: '', attrs: {}, children: body }];
  return [...headStyles, ...blocks];
}

export type { RichNode };
