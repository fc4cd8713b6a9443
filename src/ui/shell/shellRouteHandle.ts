/** Per-route frame options, set as a react-router route `handle`. */
export interface ShellRouteHandle {
  /** Render the screen alone, without the common header and sidebar (000 §2). */
  hideHeader?: boolean;
  /** Show the "rendered in N ms" note in the header (home dashboard, 000 §1). */
  showRenderTime?: boolean;
  /** The route is an email dashboard: the header's Focus / e-Glacier buttons keep its path (its panelist tab). */
  dashboard?: boolean;
}

function asHandle(handle: unknown): ShellRouteHandle {
  return typeof handle === 'object' && handle !== null ? (handle as ShellRouteHandle) : {};
}

/** The deepest matched route decides; matches are ordered root first, as useMatches returns them. */
export function resolveShellHandle(matches: ReadonlyArray<{ handle: unknown }>): Required<ShellRouteHandle> {
  const merged = matches.reduce<ShellRouteHandle>((acc, match) => ({ ...acc, ...asHandle(match.handle) }), {});
  return { hideHeader: merged.hideHeader ?? false, showRenderTime: merged.showRenderTime ?? false, dashboard: merged.dashboard ?? false };
}
