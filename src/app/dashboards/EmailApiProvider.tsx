import { Callout, Spinner } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { EmailApiContext } from './EmailApi';
import { DashboardMetaContext, dashboardMetaOf, type DashboardMeta } from './dashboardMeta';
import { loadMetadataFiles } from '../loadMetadataFiles';
import { httpEmailApi } from './httpEmailApi';

let cached: { version: string; meta: DashboardMeta } | null = null;

/** Gives the email screens the HTTP EmailApi and the dashboard metadata the server serves (GET /api/metadata). */
export function EmailApiProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ meta: DashboardMeta } | { error: string } | null>(cached ? { meta: cached.meta } : null);
  useEffect(() => {
    let live = true;
    loadMetadataFiles().then(
      (md) => {
        if (cached?.version !== md.version) cached = { version: md.version, meta: dashboardMetaOf(md.files) };
        if (live) setState({ meta: cached.meta });
      },
      (e: unknown) => live && setState({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!state) return <Spinner aria-label="Loading metadata" />;
  if ('error' in state) return <Callout intent="danger">{state.error}</Callout>;
  return (
    <DashboardMetaContext.Provider value={state.meta}>
      <EmailApiContext.Provider value={httpEmailApi}>{children}</EmailApiContext.Provider>
    </DashboardMetaContext.Provider>
  );
}
