import { BlueprintProvider } from '@blueprintjs/core';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ShellProvider } from '../ui/shell/ShellProvider';
import { routes } from './routes';

/** The client: Blueprint context, the shell's module list and the router. */
export function App() {
  // One router per mounted app (not module-level) so tests and HMR get a fresh history.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <BlueprintProvider>
      <ShellProvider>
        <RouterProvider router={router} />
      </ShellProvider>
    </BlueprintProvider>
  );
}
