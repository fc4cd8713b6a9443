import { useSyncExternalStore } from 'react';
import { formatRenderTime } from './formatRenderTime';
import type { RenderTimeStore } from './renderTimeStore';

/** The header's "rendered in N ms" note; nothing until a screen has reported its time. */
export function RenderTimeNote({ store }: { store: RenderTimeStore }) {
  const ms = useSyncExternalStore(store.subscribe, store.get);
  if (ms === null) return null;
  return (
    <span className="portal-header__render-time" data-testid="render-time">
      {formatRenderTime(ms)}
    </span>
  );
}
