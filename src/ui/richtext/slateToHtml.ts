import type { HtmlElement, HtmlText, HtmlWrap, RichNode } from './richTextTypes';

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** Attribute names as the parser gives them; anything else (never from a parser) is dropped. */
const safeName = /^[a-z_:][-a-z0-9_:.]*$/i;
const safeTag = /^[a-z][-a-z0-9:]*$/i;

function openTag(tag: string, attrs: Record<string, string>): string {
  let s = `<${tag}`;
  for (const [k, v] of Object.entries(attrs)) if (safeName.test(k)) s += v === '' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`;
  return `${s}>`;
}

const isElement = (n: RichNode): n is HtmlElement => 'type' in n;

function textHtml(t: HtmlText): string {
  let s = escapeText(t.text).replace(/\n/g, '<br>');
  if (t.underline) s = `<u>${s}</u>`;
  if (t.italic) s = `<em>${s}</em>`;
  if (t.bold) s = `<strong>${s}</strong>`;
  return s;
}

const wrapKey = (w: HtmlWrap | undefined) => (w ? JSON.stringify(w) : '');

/** An inline run; neighbours sharing the same formatting element at this depth share one tag. */
function inlineHtml(items: readonly RichNode[], depth: number): string {
  let out = '';
  let i = 0;
  while (i < items.length) {
    const w = items[i]!.wrap?.[depth];
    if (!w) {
      out += itemHtml(items[i]!);
      i++;
      continue;
    }
    const key = wrapKey(w);
    let j = i + 1;
    while (j < items.length && wrapKey(items[j]!.wrap?.[depth]) === key) j++;
    // Empty Slate spacer texts between inline elements must not split a group.
    out += safeTag.test(w.tag) ? `${openTag(w.tag, w.attrs)}${inlineHtml(items.slice(i, j), depth + 1)}</${w.tag}>` : inlineHtml(items.slice(i, j), depth + 1);
    i = j;
  }
  return out;
}

function itemHtml(n: RichNode): string {
  if (!isElement(n)) return textHtml(n);
  if (n.void || n.tag === 'img') return safeTag.test(n.tag) ? openTag(n.tag, n.attrs) : '';
  return elementHtml(n);
}

/** An image alone in its block (htmlToSlate makes it a block void; it still flows inline). */
const isBlockImage = (n: RichNode): n is HtmlElement => isElement(n) && !n.inline && !!n.void && n.tag === 'img';

function childrenHtml(children: readonly RichNode[]): string {
  const first = children[0];
  if (first && isElement(first) && !first.inline) {
    let out = '';
    for (let i = 0; i < children.length; ) {
      // A run of such images serialises as the inline run it came from (neighbours share their formatting elements).
      let j = i;
      while (j < children.length && isBlockImage(children[j]!)) j++;
      if (j > i) {
        out += inlineHtml(children.slice(i, j), 0);
        i = j;
        continue;
      }
      const c = children[i++]!;
      out += isElement(c) ? elementHtml(c) : textHtml(c);
    }
    return out;
  }
  // Spacer texts carry no wrap; dropping empty ones keeps formatting groups whole.
  return inlineHtml(children.filter((c) => isElement(c) || c.text !== ''), 0);
}

function elementHtml(el: HtmlElement): string {
  if (el.tag === 'style') return `<style>${(el.css ?? '').replace(/<\/style/gi, '<\\/style')}</style>`;
  if (el.inline && el.void) return itemHtml(el);
  // An image standing alone in its block (htmlToSlate): its formatting elements around it.
  if (el.void && el.tag === 'img') return inlineHtml([el], 0);
  const inner = childrenHtml(el.children);
  if (!el.tag || !safeTag.test(el.tag)) return inner;
  if (el.void) return openTag(el.tag, el.attrs);
  return `${openTag(el.tag, el.attrs)}${inner}</${el.tag}>`;
}

/** The Slate document back as HTML: the same elements and attributes `htmlToSlate` read. */
export function slateToHtml(nodes: readonly RichNode[]): string {
  return childrenHtml(nodes);
}
