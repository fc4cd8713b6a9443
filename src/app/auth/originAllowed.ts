/** portal_access: the current origin must be one of the allowed origins (000 §6). */
export function parsePortalAccess(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    // A plain comma-separated list is accepted too.
    return value.split(',').map((o) => o.trim()).filter(Boolean);
  }
}

export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  const norm = (o: string) => o.trim().replace(/\/+$/, '').toLowerCase();
  return allowed.some((o) => norm(o) === norm(origin));
}
