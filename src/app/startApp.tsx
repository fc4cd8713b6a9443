import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { firstScreenSettled } from './prefetchFirstScreen';

/**
 * The longest the first render waits for the first screen's answers (firstScreenSettled): a slow
 * server then gets the app's own spinners instead of a blank page.
 */
const firstScreenWaitMs = 2000;

/**
 * Renders the portal into #root (main.tsx, after bootPrefetch started the first screen's requests),
 * once the first screen's answers are in (or after firstScreenWaitMs), so the first render draws
 * the screen with its rows in one pass.
 */
export function startApp(): void {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, firstScreenWaitMs));
  void Promise.race([firstScreenSettled(), timeout]).then(renderApp);
}

function renderApp(): void {
  // The entry is an async module (it starts requests without waiting for the stylesheets), so it
  // may run before the parser reached #root.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', renderApp, { once: true });
    return;
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
