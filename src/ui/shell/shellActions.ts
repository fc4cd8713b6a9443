/** What the header buttons do; the auth and dashboard features supply the real handlers. */
export interface ShellActions {
  onSignOut: () => void;
  onFocus: () => void;
  onGlacier: () => void;
  onCopy: () => void;
}
