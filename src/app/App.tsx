import { BlueprintProvider } from '@blueprintjs/core';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ShellProvider } from '../ui/shell/ShellProvider';
import { preloadRoute } from './preloadRoute';
import { routes } from './routes';

/** The client: Blueprint context, the shell's module list and the router. */
export function App() {
  // One router per mounted app (not module-level) so tests and HMR get a fresh history.
  const [router] = useState(() => {
    // The opened screen's chunk downloads while the session is checked, not after.
    preloadRoute(routes, window.location.pathname);
    return createBrowserRouter(routes);
  });
  return (
    <BlueprintProvider>
      <ShellProvider>
        <RouterProvider router={router} />
      </ShellProvider>
    </BlueprintProvider>
  );
}
