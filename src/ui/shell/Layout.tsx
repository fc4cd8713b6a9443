import { Spinner } from '@blueprintjs/core';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router-dom';
import { AppHeader } from './AppHeader';
import { defaultModules } from './defaultModules';
import { MetadataProblemsBanner } from './MetadataProblemsBanner';
import { RenderTimeNote } from './RenderTimeNote';
import { createRenderTimeStore } from './renderTimeStore';
import { RenderTimeReporterContext, useShellConfig } from './ShellContext';
import type { ShellActions } from './shellActions';
import { resolveShellHandle } from './shellRouteHandle';
import { Sidebar } from './Sidebar';
import { copyRequestEvent } from './copyRequestEvent';

/** The frame every routed screen renders in: header, sidebar and the screen, unless the route hides them. */
export function Layout() {
  const config = useShellConfig();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { hideHeader, showRenderTime, dashboard } = resolveShellHandle(useMatches());
  // On a dashboard the Focus / e-Glacier buttons keep the panelist tab (the route's path).
  const base = dashboard ? pathname : '/';
  const [renderTime] = useState(createRenderTimeStore);
  const main = useRef<HTMLElement>(null);

  const onNavigate = useCallback((path: string) => navigate(path), [navigate]);
  const overrides = config?.actions;
  const actions = useMemo<ShellActions>(
    () => ({
      // Stand-ins until the auth and dashboard features provide the real behaviour.
      onSignOut: () => navigate('/signin'),
      // flushSync: the switch commits inside the click, so the dashboard being left is gone before
      // any answer it still waits for can send its own list request (the router's default is a
      // transition, which keeps the old screen live, effects and all, until the new one renders).
      onFocus: () => navigate(base, { flushSync: true }),
      onGlacier: () => navigate(`${base}?dashboard=glacier`, { flushSync: true }),
      // 000 §5: Copy acts on the emails ticked on the dashboard (the dashboard listens for it).
      onCopy: () => (dashboard ? window.dispatchEvent(new CustomEvent(copyRequestEvent)) : navigate('/')),
      ...overrides,
    }),
    [navigate, overrides, base, dashboard],
  );

  const screen = (
    <RenderTimeReporterContext.Provider value={renderTime.set}>
      {/* Screens are loaded per route (lazy chunks): a spinner while one arrives. */}
      <Suspense fallback={<Spinner className="portal-screen-loading" aria-label="Loading" />}>
        <Outlet />
      </Suspense>
    </RenderTimeReporterContext.Provider>
  );
  if (hideHeader) return <main className="portal-bare">{screen}</main>;

  return (
    <div className="portal-shell">
      {/* The first Tab stop: past the header's and the sidebar's links (16 on a dashboard) to the screen. */}
      <a
        className="portal-skip-link"
        href="#portal-main"
        onClick={(e) => {
          e.preventDefault(); // no fragment navigation: the router would take it for a new location
          main.current?.focus();
        }}
      >
        Skip to main content
      </a>
      <AppHeader
        actions={actions}
        adminUrl={config?.adminUrl ?? '/admin'}
        userMenu={config?.userMenu}
        renderTime={showRenderTime ? <RenderTimeNote store={renderTime} /> : null}
      />
      <div className="portal-shell__body">
        <Sidebar modules={config?.modules ?? defaultModules} pathname={pathname} onNavigate={onNavigate} />
        <main id="portal-main" ref={main} tabIndex={-1} className="portal-shell__content">
          <MetadataProblemsBanner />
          {screen}
        </main>
      </div>
    </div>
  );
}
