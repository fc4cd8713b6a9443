import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { emailFrameDocument, emailFramePolicy, hasRemoteContent } from '../../../src/ui/html/emailFrameDocument';
import { sanitizeEmailHtml } from '../../../src/shared/html/sanitizeEmailHtml';

const purifier = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
const clean = (html: string) => sanitizeEmailHtml(html, purifier);

const hostile = `<html><head><style>p{color:red}</style><meta http-equiv="refresh" content="0;url=https://evil.example/">
<link rel="stylesheet" href="https://evil.example/x.css"><base href="https://evil.example/"></head>
<body onload="alert(1)"><script>alert(2)</script><p onclick="alert(3)">Hi <a href="javascript:alert(4)">x</a>
<a href="https://shop.example/deal">deal</a></p><img src="https://evil.example/pixel.gif" onerror="alert(5)">
<svg><script>alert(6)</script><a xlink:href="javascript:alert(7)"><text>t</text></a><animate onbegin="alert(8)"/></svg>
<iframe src="https://evil.example/"></iframe><form action="https://evil.example/"><input name="q"></form>
<object data="https://evil.example/x.swf"></object></body></html>`;

// Issue 6 item 6: untrusted HTML is sanitised before it reaches the sandboxed frame.
describe('sanitizeEmailHtml', () => {
  const out = clean(hostile);
  it('removes scripts, event handlers and javascript: URLs, including inside SVG', () => {
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/\son\w+=/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/alert/);
  });
  it('removes loading, navigating and form elements', () => {
    for (const tag of ['iframe', 'object', 'form', 'input', 'meta', 'link', 'base']) expect(out, tag).not.toMatch(new RegExp(`<${tag}\\b`, 'i'));
  });
  it('keeps the head styles and the content, with links opening outside the portal', () => {
    expect(out).toContain('<style>p{color:red}</style>');
    expect(out).toContain('deal</a>');
    expect(out).toMatch(/<a href="https:\/\/shop\.example\/deal" target="_blank" rel="noopener noreferrer">/);
  });
  it('detects remote content so the reviewer can be asked', () => {
    expect(hasRemoteContent(out)).toBe(true);
    expect(hasRemoteContent(clean('<p style="background:url(//cdn.example/a.png)">x</p>'))).toBe(true);
    expect(hasRemoteContent(clean('<p>plain <img src="data:image/png;base64,AAAA"></p>'))).toBe(false);
  });
});

describe('emailFrameDocument', () => {
  it('puts a CSP first that blocks remote loads until asked, and never allows scripts', () => {
    const doc = emailFrameDocument('<p>x</p>', false);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<p>x</p>'));
    expect(emailFramePolicy(false)).toBe("default-src 'none'; img-src data: cid:; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'");
    expect(emailFramePolicy(true)).toContain('img-src data: cid: https: http:');
    expect(emailFramePolicy(true)).not.toMatch(/script-src/);
  });
});
