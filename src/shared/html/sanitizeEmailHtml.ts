import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

/** Elements that could load, submit or navigate: never kept, whatever the email says. */
const forbiddenTags = ['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'form', 'input', 'button', 'textarea', 'select', 'portal', 'noscript'];
const forbiddenAttrs = ['srcdoc', 'formaction', 'action', 'ping', 'http-equiv'];

let hooked = new WeakSet<Purifier>();

function addLinkHook(p: Purifier): void {
  if (hooked.has(p)) return;
  hooked.add(p);
  // Links open outside the portal, and the opened page gets neither the opener nor a referrer.
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' || node.nodeName === 'AREA') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/**
 * Untrusted email HTML made inert: DOMPurify removes scripts, event handlers, javascript: URLs and
 * every loading or form element; the <style> blocks of the head are kept (moved into the body), and
 * links get target=_blank rel="noopener noreferrer". The result still needs the sandboxed iframe
 * and its CSP (SafeHtmlFrame): sanitising is one layer, not the only one.
 */
export function sanitizeEmailHtml(html: string, purifier: Purifier = DOMPurify): string {
  addLinkHook(purifier);
  const root = purifier.sanitize(html, {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    FORBID_TAGS: forbiddenTags,
    FORBID_ATTR: forbiddenAttrs,
    ADD_ATTR: ['target'],
    ALLOW_UNKNOWN_PROTOCOLS: false,
    // HTML only: SVG and MathML carry their own loading attributes (fill="url(...)", xlink:href) and mail clients drop them anyway.
    USE_PROFILES: { html: true },
  }) as unknown as HTMLElement;
  const styles = [...root.querySelectorAll('head style')].map((s) => s.outerHTML).join('');
  const body = root.querySelector('body');
  return styles + (body ? body.innerHTML : root.innerHTML);
}

/** Test hook: forget which purifier instances already carry the link hook. */
export function resetSanitizerHooks(): void {
  hooked = new WeakSet<Purifier>();
}
