import { createContext, useContext } from 'react';
import type { RoleData } from '../../api/authTypes';

/** What screens may ask of the session: who is signed in, and the sign-in/out actions. */
export interface SessionValue {
  role: RoleData | null;
  /** Resolves when signed in (and navigates on); rejects with the server's message. */
  signIn(username: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** Ends the session (already ended on the server, e.g. by a password change) and shows `message` on sign-in. */
  endWithMessage(message: string): Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs the SessionGate above it');
  return value;
}
