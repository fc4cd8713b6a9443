import type { ReactNode } from 'react';
import { EmailApiContext } from '../../ui/dashboard/EmailApi';
import { httpEmailApi } from './httpEmailApi';

/** Gives the email screens the HTTP EmailApi. */
export function EmailApiProvider({ children }: { children: ReactNode }) {
  return <EmailApiContext.Provider value={httpEmailApi}>{children}</EmailApiContext.Provider>;
}
