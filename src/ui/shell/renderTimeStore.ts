/**
 * The home dashboard's render time for the header's note (000 §1), outside React state: the report
 * arrives after the dashboard's first paint, and as Layout state it re-rendered the whole frame
 * (header, sidebar, the screen's outlet) just as the first click on the list was coming in (issue 31
 * item 7, first load). Only the note reads it.
 */
export interface RenderTimeStore {
  get(): number | null;
  set(ms: number | null): void;
  subscribe(onChange: () => void): () => void;
}

export function createRenderTimeStore(): RenderTimeStore {
  let ms: number | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => ms,
    set(next) {
      if (next === ms) return;
      ms = next;
      for (const l of listeners) l();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
