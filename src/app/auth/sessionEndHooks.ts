/**
 * What screens want done when the session ends on its own (expired, idle, signed out in another
 * tab), before the tab goes to sign-in and the screen unmounts: the product editor keeps its
 * unsaved changes for the sign-in that follows (docs/decisions/unsaved-work-over-session-end.md).
 */
type SessionEndHook = () => void;

const hooks = new Set<SessionEndHook>();

/** Registers `hook`; returns its removal (an effect's cleanup). */
export function onSessionEnd(hook: SessionEndHook): () => void {
  hooks.add(hook);
  return () => {
    hooks.delete(hook);
  };
}

/** Runs every hook; one failing does not keep the others from running nor the session from ending. */
export function runSessionEndHooks(): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch (e) {
      console.info('session end hook failed', e);
    }
  }
}
