const key = 'portal.signInMessage';

/** Leaves a message for the sign-in screen (why the session ended); survives a reload. */
export function leaveSignInMessage(message: string): void {
  try {
    sessionStorage.setItem(key, message);
  } catch {
    // No storage: the message is lost, the sign-in still works.
  }
}

/** The message left for the sign-in screen, if any (pure read: safe in render and StrictMode). */
export function readSignInMessage(): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Forgets the message once the user has signed in again. */
export function clearSignInMessage(): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
