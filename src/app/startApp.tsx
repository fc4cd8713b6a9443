import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

/** Renders the portal into #root (main.tsx, after bootPrefetch started the first screen's requests). */
export function startApp(): void {
  // The entry is an async module (it starts requests without waiting for the stylesheets), so it
  // may run before the parser reached #root.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', startApp, { once: true });
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
