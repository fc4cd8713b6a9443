import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { DashboardMetaContext, type DashboardMeta } from './dashboardMeta';
import { loadMetadataFiles } from '../loadMetadataFiles';
import { dashboardMetaFor, lastDashboardMeta } from './dashboardMetaCache';

/** Gives the email screens the dashboard metadata the server serves (GET /api/metadata). */
export function DashboardMetaProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ meta: DashboardMeta } | { error: string } | null>(() => {
    const last = lastDashboardMeta();
    return last ? { meta: last } : null;
  });
  useEffect(() => {
    let live = true;
    loadMetadataFiles().then(
      (md) => {
        const meta = dashboardMetaFor(md);
        // The same meta as the first render's (built by the boot's prefetch): no re-render.
        if (live) setState((prev) => (prev && 'meta' in prev && prev.meta === meta ? prev : { meta }));
      },
      (e: unknown) => live && setState({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!state) return <Spinner aria-label="Loading metadata" />;
  if ('error' in state) return <Callout intent="danger">{state.error}</Callout>;
  return <DashboardMetaContext.Provider value={state.meta}>{children}</DashboardMetaContext.Provider>;
}
