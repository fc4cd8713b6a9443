import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { attachStylesheets } from '../../../src/app/attachStylesheets';

const page = (head: string) => new JSDOM(`<!doctype html><html><head>${head}</head><body><div id="root"></div></body></html>`, { url: 'http://portal.test/' }).window.document;

describe('attachStylesheets (issue 31 item 7: first load)', () => {
  it('attaches each preloaded stylesheet in the same CORS mode and settles once every one has loaded or failed', async () => {
    const doc = page('<link rel="preload" as="style" crossorigin href="/assets/a.css"><link rel="preload" as="style" href="/assets/b.css"><link rel="modulepreload" href="/assets/c.js">');
    let settled = false;
    const done = attachStylesheets(doc).then(() => (settled = true));
    const sheets = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(sheets.map((s) => [s.getAttribute('href'), s.hasAttribute('crossorigin')])).toEqual([
      ['/assets/a.css', true],
      ['/assets/b.css', false],
    ]);
    sheets[0]!.dispatchEvent(new doc.defaultView!.Event('load'));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    // A sheet that fails still lets the app render (unstyled beats a page stuck on its placeholder).
    sheets[1]!.dispatchEvent(new doc.defaultView!.Event('error'));
    await done;
    expect(settled).toBe(true);
  });

  it('attaches each sheet once, and waits for one a lazy chunk attached first instead of adding it again', async () => {
    const doc = page('<link rel="preload" as="style" crossorigin href="/assets/a.css"><link rel="stylesheet" href="/assets/a.css">');
    let settled = false;
    const first = attachStylesheets(doc).then(() => (settled = true));
    const second = attachStylesheets(doc);
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
    await Promise.resolve();
    expect(settled).toBe(false);
    doc.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new doc.defaultView!.Event('load'));
    await Promise.all([first, second]);
    expect(settled).toBe(true);
  });

  it('settles at once without preloads (the dev server injects its styles from the modules)', async () => {
    const doc = page('<link rel="stylesheet" href="/x.css">');
    await attachStylesheets(doc);
    expect(doc.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(1);
  });
});
