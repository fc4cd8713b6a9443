import { useEffect, useRef, useState } from 'react';
import type { MetadataStatusResponse } from '../../api/metadataStatus';
import { MetadataProblemsNotice } from './MetadataProblemsNotice';

export interface MetadataProblemsBannerProps {
  url?: string;
  intervalMs?: number;
}

/**
 * Polls GET /api/metadata/status while the server watches the metadata (`portal dev`) and shows
 * the problems of a broken save, or that the page runs an older metadata version. Outside dev it
 * asks once and renders nothing.
 */
export function MetadataProblemsBanner({ url = '/api/metadata/status', intervalMs = 2000 }: MetadataProblemsBannerProps) {
  const [status, setStatus] = useState<MetadataStatusResponse | null>(null);
  const pageVersion = useRef<string | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let watching = false;
    const poll = async () => {
      try {
        const res = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
        if (res.ok) {
          const next = (await res.json()) as MetadataStatusResponse;
          if (!live) return;
          pageVersion.current ??= next.version;
          watching = next.watching;
          setStatus(next);
        }
      } catch {
        // The dev server restarting: keep asking while it was watching.
      }
      if (live && watching) timer = setTimeout(poll, intervalMs);
    };
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [url, intervalMs]);
  return <MetadataProblemsNotice status={status} pageVersion={pageVersion.current} onReload={() => window.location.reload()} />;
}
