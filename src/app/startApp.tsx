import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { attachStylesheets } from './attachStylesheets';
import { firstScreenSettled } from './prefetchFirstScreen';

/**
 * The longest the first render waits for the first screen's answers (firstScreenSettled): a slow
 * server then gets the app's own spinners instead of a blank page.
 */
const firstScreenWaitMs = 2000;

/**
 * Renders the portal into #root (main.tsx, after bootPrefetch started the first screen's requests),
 * once the first screen's answers are in (or after firstScreenWaitMs), so the first render draws
 * the screen with its rows in one pass, and once the stylesheets have loaded (attachStylesheets),
 * however long they take.
 */
export function startApp(): void {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, firstScreenWaitMs));
  const data = Promise.race([firstScreenSettled(), timeout]);
  void documentParsed()
    .then(() => Promise.all([data, attachStylesheets()]))
    .then(renderApp);
}

/**
 * The entry is an async module (it starts requests without waiting for the stylesheets), so it may
 * run before the parser reached the stylesheet preloads and #root.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

function renderApp(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
