import { createContext, useContext } from 'react';
import type { PortalApi } from '../client/PortalApi';

/** The client the hooks read through: the app provides its HTTP client, a test a fakePortalApi. */
export const PortalApiContext = createContext<PortalApi | null>(null);

export function usePortalApi(): PortalApi {
  const api = useContext(PortalApiContext);
  if (!api) throw new Error('usePortalApi needs a PortalApiContext provider (src/app/App.tsx gives the HTTP client)');
  return api;
}
