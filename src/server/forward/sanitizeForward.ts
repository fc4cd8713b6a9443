import createDOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import type { JSDOM as JSDOMClass } from 'jsdom';
import { createRequire } from 'node:module';
import { sanitizeEmailHtml } from '../../shared/html/sanitizeEmailHtml';
import { cleanStyleAttribute, cleanStyleSheet } from './cleanCss';
import { cidOf, embeddedImage, safeLink } from './safeUrl';

/** Attributes whose value is fetched when the element is drawn. */
const loadingAttrs = new Set(['src', 'background', 'poster', 'lowsrc', 'dynsrc', 'xlink:href']);
/** Attributes holding a URL that is followed only when clicked or cited. */
const linkAttrs = new Set(['href', 'cite', 'longdesc']);

let purifier: Purifier | undefined;
let cidMap: ReadonlyMap<string, string> = new Map();

/**
 * One DOMPurify on a jsdom window, with the hooks that make email HTML load nothing remote. jsdom
 * (~800 modules, 1-4 s to load here) is required on first use, not when the server's modules load:
 * every server test file paid it; `portal serve` loads it before it listens (warmUp.ts).
 */
function serverPurifier(): Purifier {
  if (purifier) return purifier;
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JSDOMClass };
  const p = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue;
    if (name === 'style') data.attrValue = cleanStyleAttribute(value, cidMap);
    else if (name === 'srcset') data.keepAttr = false;
    else if (loadingAttrs.has(name)) {
      // Judged on the WHATWG-parsed URL: only an embedded image or one of the email's own cid: parts.
      const cid = cidOf(value);
      const kept = cid !== null ? cidMap.get(cid) : embeddedImage(value);
      if (kept) data.attrValue = kept;
      else data.keepAttr = false;
    } else if (linkAttrs.has(name)) {
      const link = safeLink(value);
      if (link) data.attrValue = link;
      else data.keepAttr = false;
    }
  });
  p.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = cleanStyleSheet(node.textContent, cidMap);
  });
  purifier = p;
  return p;
}

/** Builds the sanitizer ahead of the first request that needs it. */
export function warmSanitizer(): void {
  serverPurifier();
}

/** Whether this process has built the sanitizer (jsdom loaded). */
export const sanitizerReady = (): boolean => purifier !== undefined;

/**
 * Email or forward HTML made safe on the server, before it is stored, returned to the editor or
 * sent (issue 26 hole 9): DOMPurify (scripts, event handlers, SVG and MathML, javascript: URLs and
 * loading elements removed, the same policy as the browser's frame), and nothing remote. CSS is
 * parsed (css-tree: escapes, `image-set`, `@import` and the like cannot hide a URL from it) and
 * every URL is read by the WHATWG parser before it is judged: image sources, backgrounds and CSS
 * url() stay only as embedded images, links only as absolute http(s), mailto or tel URLs (written
 * back normalised). `cid:` references become the email's stored part (a data: URL from `cids`,
 * keyed by lower-case Content-ID) or are dropped.
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
