/**
 * The session cookies the client reads and writes (000 §9); token cookies are HttpOnly and not here.
 * `jar`: a `document.cookie` already read, so a check of several cookies reads the browser's jar once.
 */
export function readCookie(name: string, jar = document.cookie): string | undefined {
  for (const part of jar.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, maxAgeSeconds = 12 * 60 * 60): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Strict`;
}
