/**
 * Requests index.html's inline script sent before any module ran (src/app/firstRequests.ts), by
 * what identifies them: method, path, headers and body. A window property, as that script and the
 * modules are separate bundles.
 */
declare global {
  interface Window {
    portalEarlyResponses?: Map<string, Promise<Response>>;
  }
}

const keyOf = (path: string, init: RequestInit): string | null => {
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') return null;
  const headers = [...new Headers(init.headers)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([init.method ?? 'GET', path, headers, init.body ?? null]);
};

/** Sends the request now and keeps its answer for the first identical apiFetch (first load, issue 31 item 7). */
export function sendEarly(path: string, init: RequestInit): void {
  const key = keyOf(path, init);
  if (key === null) return;
  const answer = fetch(path, init);
  // An answer nobody takes must not be reported as unhandled; a taker sees the failure itself.
  answer.catch(() => undefined);
  (window.portalEarlyResponses ??= new Map()).set(key, answer);
}

/**
 * The early answer to exactly this request, once; undefined when there is none (the app's own
 * request differs, e.g. the served metadata is not the build's, or it was taken).
 */
export function takeEarlyResponse(path: string, init: RequestInit): Promise<Response> | undefined {
  const early = window.portalEarlyResponses;
  if (!early?.size) return undefined;
  const key = keyOf(path, init);
  const answer = key === null ? undefined : early.get(key);
  if (answer) early.delete(key!);
  return answer;
}

/**
 * Forgets the answers nobody took: after the first render a request must reach the server, not
 * get an answer from the page's start.
 */
export function dropEarlyResponses(): void {
  window.portalEarlyResponses?.clear();
}
