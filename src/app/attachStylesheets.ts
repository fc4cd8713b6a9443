/** Each preload's stylesheet, attached once (the boot and startApp both ask). */
const attached = new WeakMap<HTMLLinkElement, Promise<void>>();

/** Settles when `link` has loaded or failed; at once when its sheet is already there. */
function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * The build lists the app's stylesheets as `<link rel="preload" as="style">` (vite.config.ts,
 * asyncEntry): a parser-inserted stylesheet blocks rendering, and while it was pending Chromium
 * held back the boot scripts' module tasks behind its arrival, parse and first frame (issue 31
 * item 7: first load). Attaching them here (a script-inserted stylesheet blocks nothing) reuses
 * the preloaded bytes; the returned promise settles when every sheet has loaded or failed, so the
 * first render is never drawn unstyled. The link keeps the preload's own `href` text, so a lazy
 * chunk's preload (Vite's helper looks for `link[href="…"]`) finds it instead of adding the sheet
 * again; a sheet that helper attached first is waited for instead. Without preloads (the dev
 * server injects its CSS from the modules) it settles at once.
 */
export function attachStylesheets(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map((preload) => {
      let done = attached.get(preload);
      if (!done) {
        const href = preload.getAttribute('href') ?? '';
        const present = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) => l.getAttribute('href') === href);
        const sheet = present ?? doc.createElement('link');
        if (!present) {
          sheet.rel = 'stylesheet';
          // The same CORS mode as the preload, or the browser fetches the file a second time.
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
        }
        done = loaded(sheet);
        if (!present) {
          sheet.setAttribute('href', href);
          preload.after(sheet);
        }
        attached.set(preload, done);
      }
      return done;
    }),
  ).then(() => undefined);
}
