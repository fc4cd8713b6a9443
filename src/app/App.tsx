import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { PortalApiContext } from '../api/hooks/PortalApiContext';
import { swrDefaults } from '../api/hooks/swrDefaults';
import { ShellProvider } from '../ui/shell/ShellProvider';
import { portalApi } from './portalApi';
import { routes } from './routes';

/**
 * The client: Blueprint's portal and overlay contexts (BlueprintProvider's without its hotkeys, which only
 * Table2 uses: src/ui/dashboard/Table2WithHotkeys.tsx brings its own), the API client and its cache settings, the shell's module list and the router.
 */
export function App() {
  // One router per mounted app (not module-level) so tests and HMR get a fresh history.
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <PortalProvider>
      <OverlaysProvider>
        <PortalApiContext.Provider value={portalApi}>
          <SWRConfig value={swrDefaults}>
            <ShellProvider>
              <RouterProvider router={router} />
            </ShellProvider>
          </SWRConfig>
        </PortalApiContext.Provider>
      </OverlaysProvider>
    </PortalProvider>
  );
}
