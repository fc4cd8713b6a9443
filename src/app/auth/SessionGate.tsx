import { Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RoleData } from '../../api/authTypes';
import { ShellProvider } from '../../ui/shell/ShellProvider';
import { activityEvents, lastActivity, recordActivity, resetActivity } from './activityClock';
import { ApiError } from './apiFetch';
import { authApi } from './authApi';
import { MustChangePassword } from './MustChangePassword';
import { deleteCookie, readCookie, writeCookie } from './cookies';
import { NotAuthorizedScreen } from './NotAuthorizedScreen';
import { originAllowed, parsePortalAccess } from './originAllowed';
import { accountPaths, isAccountPath, isPublicPath, landingPath, permittedModule, sidebarModules } from './permittedModule';
import { bootMayAskPermissions, peekPrefetchedPermissions, takePrefetchedPermissions } from './prefetchPermissions';
import { refreshIfDue } from './refreshToken';
import { SessionContext, type SessionValue } from './SessionContext';
import { runSessionEndHooks } from './sessionEndHooks';
import { sessionMessages, type SessionEndReason } from './sessionMessages';
import { sessionState } from './sessionState';
import { isIdle, sessionCheckEveryMs } from './sessionTimers';
import { watchSignedOut } from './watchSignedOut';
import { clearSignInMessage, leaveSignInMessage } from './signInMessage';

type Phase = 'checking' | 'not-authorized' | 'signed-out' | 'ready';

const readableSessionCookies = ['token_expire_time', 'user_id', 'username', 'user_role', 'startTime'];

/**
 * The session around every route (000 §6, §8, §9): checks the site origin against portal_access,
 * sends signed-out users to sign-in, loads the role data, lets a path through only when a permitted
 * module matches it, feeds the sidebar, and runs the timers: idle limit and token refresh every
 * 60 s, sign-out in another tab every 1 s.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The role data asked for during boot may already be here: then the first render is the screen,
  // not a spinner followed by a second render (issue 17: first load).
  const [bootRole] = useState(() => (bootMayAskPermissions() ? (peekPrefetchedPermissions()?.role ?? null) : null));
  const [phase, setPhase] = useState<Phase>(bootRole ? 'ready' : 'checking');
  const [role, setRole] = useState<RoleData | null>(bootRole);
  const ending = useRef(false);

  /** Ends the session in this tab; callServer revokes it server-side (and tells the other tabs). */
  const end = useCallback(
    async (reason: SessionEndReason | { message: string }, callServer: 'signOut' | 'autoSignOut' | null) => {
      if (ending.current) return;
      ending.current = true;
      // A session that ends on its own lets screens keep unsaved work before they unmount; a sign-out the user chose does not.
      if (reason !== 'signedOut') runSessionEndHooks();
      // The message first: the route guard sends this tab to sign-in as soon as the phase changes.
      if (reason === 'signedOut') clearSignInMessage();
      else leaveSignInMessage(typeof reason === 'string' ? sessionMessages[reason] : reason.message);
      sessionState.accessToken = null;
      sessionState.moduleId = null;
      setRole(null);
      setPhase('signed-out');
      if (callServer) await authApi[callServer]().catch(() => undefined);
      for (const name of readableSessionCookies) deleteCookie(name);
      ending.current = false;
      navigate('/signin', { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    sessionState.onUnauthorized = () => void end('expired', 'signOut');
    return () => {
      sessionState.onUnauthorized = null;
    };
  }, [end]);

  // Boot: origin check, then the role data when the cookies say we are signed in.
  useEffect(() => {
    let cancelled = false;
    const boot = takePrefetchedPermissions();
    void (async () => {
      if (bootRole) {
        // Ready from the boot answer; the call still runs, as below: it renews the cookie.
        authApi.portalAccess().catch(() => undefined);
        return;
      }
      const fromCookie = parsePortalAccess(readCookie('portal_access'));
      // The cookie's list wins when present, so only a first visit waits for the server's list
      // (the call still runs: it renews the cookie).
      const serverList = authApi.portalAccess().then((r) => r.payload.origins, () => [] as string[]);
      const fromServer = fromCookie.length ? [] : await serverList;
      if (cancelled) return;
      if (!originAllowed(window.location.origin, fromCookie.length ? fromCookie : fromServer)) return setPhase('not-authorized');
      if (readCookie('isSignedIn') !== 'true') return setPhase('signed-out');
      try {
        const res = await (boot?.answer ?? authApi.permissions());
        if (cancelled) return;
        setRole(res.payload);
        setPhase('ready');
      } catch (err) {
        // The boot request left its 401 to us: end the session as apiFetch's handler does.
        if (boot && !cancelled && err instanceof ApiError && err.status === 401) return void end('expired', 'signOut');
        // A 401 already ended the session (apiFetch); anything else: sign in again.
        if (!cancelled && !ending.current) setPhase('signed-out');
      }
    })();
    return () => {
      cancelled = true;
    };
    // Boot only: bootRole is fixed at mount and `end` reads refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const matched = useMemo(() => (role ? permittedModule(role.modules, pathname) : undefined), [role, pathname]);

  // Route guard: signed-out users go to sign-in; signed-in users only where a module permits.
  useEffect(() => {
    if (phase === 'signed-out' && !isPublicPath(pathname)) {
      writeCookie('lastVisitedUrl', pathname + search);
      navigate('/signin', { replace: true });
    } else if (phase === 'ready' && role) {
      if (pathname === '/signin') {
        navigate(landingPath(role.modules, readCookie('lastVisitedUrl')) ?? '/errorpage', { replace: true });
      } else if (!isPublicPath(pathname)) {
        if (matched) {
          sessionState.moduleId = matched.module_id;
          writeCookie('lastVisitedUrl', pathname + search);
        } else if (isAccountPath(pathname)) {
          sessionState.moduleId = null;
        } else {
          window.alert(sessionMessages.notAuthorizedPath);
          if (pathname === '/') void end('signedOut', 'signOut');
          // To the site origin; for a role without the dashboard there (an editor), to its first module
          // as after sign-in: the origin would sign it out of every tab, e.g. after the header's Admin Portal.
          else window.location.assign(window.location.origin + (permittedModule(role.modules, '/') ? '/' : (landingPath(role.modules, undefined) ?? '/')));
        }
      }
    }
  }, [phase, role, pathname, search, matched, navigate, end]);

  // Timers while signed in.
  useEffect(() => {
    if (phase !== 'ready') return;
    const onActivity = () => recordActivity();
    for (const e of activityEvents) window.addEventListener(e, onActivity, { passive: true, capture: true });
    let lastReported = Date.now();
    const signedOut = watchSignedOut((reason) => void end(reason, null));
    const minute = window.setInterval(() => {
      const now = Date.now();
      const last = lastActivity();
      if (isIdle(now, last)) return void end('expired', 'autoSignOut');
      if (last > lastReported) {
        lastReported = now;
        void authApi.reportActivity();
      }
      signedOut.refresh();
      void refreshIfDue().then((ok) => {
        if (!ok) void end('expired', 'signOut');
      });
    }, sessionCheckEveryMs);
    return () => {
      for (const e of activityEvents) window.removeEventListener(e, onActivity, { capture: true });
      window.clearInterval(minute);
      signedOut.stop();
    };
  }, [phase, end]);

  const signIn = useCallback(
    async (username: string, password: string) => {
      const res = await authApi.signIn(username, password);
      sessionState.accessToken = res.payload.access_token;
      // A generated first password: the sign-in screen asks for a new one before anything else.
      if (res.payload.must_change_password) throw new MustChangePassword();
      resetActivity();
      const perms = await authApi.permissions();
      const target = landingPath(perms.payload.modules, readCookie('lastVisitedUrl'));
      if (!target) {
        await authApi.signOut();
        throw new Error('Your role has no module of the portal. Ask an administrator for access.');
      }
      clearSignInMessage();
      setRole(perms.payload);
      setPhase('ready');
      navigate(target, { replace: true });
    },
    [navigate],
  );

  const session = useMemo<SessionValue>(
    () => ({ role, signIn, signOut: () => end('signedOut', 'signOut'), endWithMessage: (message: string) => end({ message }, 'signOut') }),
    [role, signIn, end],
  );
  const shellActions = useMemo(() => ({ onSignOut: () => void end('signedOut', 'signOut') }), [end]);
  const modules = useMemo(() => (role ? sidebarModules(role.modules) : []), [role]);
  const userMenu = useMemo(
    () => (role ? { name: role.username, items: [{ text: 'Change password', icon: 'key' as const, onClick: () => navigate(accountPaths.password) }] } : undefined),
    [role, navigate],
  );

  let content: ReactNode = null;
  if (phase === 'checking') content = <Spinner style={{ marginTop: '20vh' }} aria-label="Loading" />;
  else if (phase === 'not-authorized') content = <NotAuthorizedScreen />;
  else if (isPublicPath(pathname)) content = children;
  else if (phase === 'ready' && (matched || isAccountPath(pathname))) content = children;

  return (
    <SessionContext.Provider value={session}>
      <ShellProvider modules={modules} actions={shellActions} adminUrl="/admin" userMenu={userMenu}>
        {content}
      </ShellProvider>
    </SessionContext.Provider>
  );
}
