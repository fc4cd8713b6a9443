/** Who is calling, loaded from the session on every authenticated request (req.auth). */
export interface AuthContext {
  userId: number;
  username: string;
  roleId: number;
  roleName: string;
  sessionId: string;
  allSectors: boolean;
  sectors: number[];
  /** module key -> granted operations */
  grants: Record<string, string[]>;
  /** Signed in with a generated password: only the password change (and sign-out) is allowed. */
  mustChangePassword?: boolean;
}

export function hasPermission(auth: AuthContext | null | undefined, module: string, operation: string): boolean {
  return !!auth && (auth.grants[module]?.includes(operation) ?? false);
}
