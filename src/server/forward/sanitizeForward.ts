import createDOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import type { JSDOM as JSDOMClass } from 'jsdom';
import { createRequire } from 'node:module';
import { sanitizeEmailHtml } from '../../ui/html/sanitizeEmailHtml';

/** A URL that loads from another host (http:, https:, protocol-relative). */
const remoteUrl = /^\s*(?:https?:)?\/\//i;
/** CSS url(...) and @import load remote content (tracking) even from a style attribute. */
const cssUrl = /url\s*\(\s*(['"]?)[\s\S]*?\1\s*\)/gi;
const cssImport = /@import[^;]*;?/gi;
/** Attributes whose value is fetched when drawn. */
const loadingAttrs = new Set(['src', 'srcset', 'background', 'poster', 'lowsrc', 'dynsrc', 'xlink:href']);

export const cleanCss = (css: string) => css.replace(cssImport, '').replace(cssUrl, 'none');

let purifier: Purifier | undefined;
let cidMap: ReadonlyMap<string, string> = new Map();

/**
 * One DOMPurify on a jsdom window, with the hooks that make email HTML load nothing remote. jsdom
 * (~800 modules, 1-4 s to load here) is required on first use, not when the server's modules load:
 * every start and every server test file paid it; `warmSanitizer` loads it once the server listens.
 */
function serverPurifier(): Purifier {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JSDOMClass };
  const p = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'style') data.attrValue = cleanCss(data.attrValue);
    else if (loadingAttrs.has(name)) {
      const v = data.attrValue.trim();
      if (/^cid:/i.test(v)) {
        const resolved = cidMap.get(v.slice(4).replace(/^<|>$/g, '').toLowerCase());
        if (resolved) data.attrValue = resolved;
        else data.keepAttr = false;
      } else if (remoteUrl.test(v) || name === 'srcset') data.keepAttr = false;
    }
  });
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = cleanCss(node.textContent);
  });
  purifier = p;
  return p;
}

/** Builds the sanitizer ahead of the first request that needs it. */
export function warmSanitizer(): void {
  serverPurifier();
}

/**
 * Email or forward HTML made safe on the server, before it is stored, returned to the editor or
 * sent: DOMPurify (scripts, event handlers, javascript: URLs and loading elements removed, the same
 * policy as the browser's frame), and nothing remote: remote image sources, srcset, background
 * images and CSS url()/@import are dropped. `cid:` images are replaced by their stored attachment
 * (a data: URL from `cids`, keyed by lower-case Content-ID) or dropped.
 */
export function sanitizeForward(html: string, cids: ReadonlyMap<string, string> = new Map()): string {
  const p = serverPurifier();
  cidMap = cids;
  try {
    return sanitizeEmailHtml(html, p);
  } finally {
    cidMap = new Map();
  }
}

/** Plain text as HTML (emails without an HTML part). */
export function textToHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<div style="white-space:pre-wrap">${esc}</div>`;
}
