/**
 * The build lists the app's stylesheets as `<link rel="preload" as="style">` (vite.config.ts,
 * asyncEntry): a parser-inserted stylesheet blocks rendering, and while it was pending Chromium
 * held back the boot scripts' module tasks behind its arrival, parse and first frame (~0.45 s at
 * 4x CPU, issue 31 item 7: first load). Attaching them here (a script-inserted stylesheet blocks
 * nothing) reuses the preloaded bytes; the returned promise settles when every sheet has loaded or
 * failed, so the first render is never drawn unstyled. Without preloads (the dev server injects
 * its CSS from the modules) it settles at once.
 */
export function attachStylesheets(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          // The same CORS mode as the preload, or the browser fetches the file a second time.
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          sheet.href = preload.href;
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
