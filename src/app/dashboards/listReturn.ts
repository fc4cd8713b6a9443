/** The search param naming the list an email was opened from (issue 28 item 1). */
export const returnParam = 'from';

/**
 * `path` with the list to return to (the list's path and search), e.g.
 * /emailEditor/7?from=%2Fconsumer%3Fpage%3D2; the default list (`/`) is where Cancel goes anyway,
 * so its links stay plain.
 */
export function withReturn(path: string, list: { pathname: string; search: string }): string {
  const from = list.pathname + list.search;
  if (from === '/') return path;
  const [base, query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(returnParam, from);
  return `${base}?${params}`;
}

/**
 * Where Cancel and Go Back lead: the list named by the URL's `from` when it is a path of this
 * portal (never another site), else `fallback` (000 §2: the root).
 */
export function returnTarget(params: URLSearchParams, fallback = '/'): string {
  const from = params.get(returnParam);
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return fallback;
  try {
    const url = new URL(from, 'http://portal.invalid');
    return url.origin === 'http://portal.invalid' ? url.pathname + url.search : fallback;
  } catch {
    return fallback;
  }
}

/** `next` plus the list to return to from `current`, for a screen that rewrites its own search params. */
export function carryReturn(current: URLSearchParams, next: Record<string, string>): URLSearchParams {
  const out = new URLSearchParams(next);
  const from = current.get(returnParam);
  if (from) out.set(returnParam, from);
  return out;
}

/**
 * History state of a list entry naming the email it was left for: coming back by Cancel, Back or
 * Go Back puts the keyboard on that email's link again (useFocusOpenedEmail), not on the page body.
 */
export interface OpenedEmailState {
  openedEmail: number;
}

export const openedEmailState = (muid: number): OpenedEmailState => ({ openedEmail: muid });

/** The email a list entry's history state names, if any. */
export function openedEmailOf(state: unknown): number | undefined {
  const muid = (state as Partial<OpenedEmailState> | null)?.openedEmail;
  return typeof muid === 'number' && Number.isInteger(muid) ? muid : undefined;
}
