import { beforeAll, describe, expect, it } from 'vitest';
import { cleanStyleAttribute, cleanStyleSheet } from '../../../src/server/forward/cleanCss';
import { sanitizeForward, warmSanitizer } from '../../../src/server/forward/sanitizeForward';
import { sanitizerBypasses } from '../../fixtures/mail/sanitizerBypasses';

// Issue 26 hole 9: the forward sanitiser parses CSS and URLs instead of matching them with regexes.

// jsdom takes seconds to load on a busy machine: once, outside the per-test timeout.
beforeAll(() => warmSanitizer(), 60_000);

describe('sanitizeForward against the corpus of known bypasses', () => {
  for (const { name, html } of sanitizerBypasses) {
    it(`drops it: ${name}`, () => {
      const out = sanitizeForward(html);
      expect(out).not.toMatch(/evil|javascript|vbscript|alert|expression|onerror|onclick|<script|<svg|<iframe|<object|<embed|<base|<link|<meta|<form/i);
    });
  }

  it('keeps what a marketing email needs: layout, colours, gradients, embedded images, http(s) and mailto links (normalised)', () => {
    const img = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const out = sanitizeForward(
      `<style>@media (max-width:600px){td.c{width:100%!important}} p{color:#c00;font:12px/1.4 Arial,sans-serif}</style>` +
        `<table width="600" bgcolor="#ffeecc"><tr><td class="c" style="padding:4px 8px;background:linear-gradient(#fff,#eee);color:rgb(10,20,30)">` +
        `<img src="${img}" alt="logo" width="10"><a href="HTTPS://Shop.Example/sale?a=1&amp;b=2">Shop</a> <a href="mailto:help@shop.example">mail</a></td></tr></table>`,
    );
    expect(out).toContain('@media (max-width:600px){td.c{width:100%!important}}');
    expect(out).toContain('p{color:#c00;font:12px/1.4 Arial,sans-serif}');
    expect(out).toContain('style="padding:4px 8px;background:linear-gradient(#fff,#eee);color:rgb(10,20,30)"');
    expect(out).toContain(`src="${img}"`);
    expect(out).toContain('href="https://shop.example/sale?a=1&amp;b=2"');
    expect(out).toContain('href="mailto:help@shop.example"');
    expect(out).toContain('<table width="600" bgcolor="#ffeecc">');
  });

  it("resolves cid: references to the email's own parts, in src and in CSS, and drops unknown ones", () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    const cids = new Map([['logo@shop', logo]]);
    const out = sanitizeForward('<img src="cid:logo@shop"><img src="CID:%3Clogo@SHOP%3E"><img src="cid:missing@shop"><div style="background:url(cid:logo@shop)">x</div>', cids);
    expect(out.match(/src="data:image\/png;base64,iVBORw0KGgo="/g)).toHaveLength(2);
    expect(out).toContain(`background:url(${logo})`);
    expect(out).not.toContain('missing');
  });

  it('drops only the declaration or rule that loads, keeping its neighbours', () => {
    expect(cleanStyleAttribute('color:red;background:u\\72l(//x.evil.test/a);margin:0')).toBe('color:red;margin:0');
    expect(cleanStyleSheet('@import "//x.evil.test/a.css"; p{color:red;background:image-set("//x.evil.test/b" 1x)} q{margin:0}')).toBe('p{color:red}q{margin:0}');
  });
});
