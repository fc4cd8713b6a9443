/** Relative references resolve against this host, which no real URL has. */
const base = 'https://relative.invalid/';

/** A URL as the WHATWG URL parser (what browsers and mail clients use) reads it; null when it is none. */
function parse(value: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * Whether a loading reference (img src, background, CSS url()) may stay: only an embedded image
 * (`data:image/...`), judged on the parsed URL, so `/\host`, `\\host`, `https:/\host`, entity- or
 * whitespace-disguised schemes are all seen as the remote or script URLs they are.
 */
export function embeddedImage(value: string): string | null {
  const url = parse(value);
  return url && url.protocol === 'data:' && /^image\/[a-z0-9.+-]+[;,]/i.test(url.pathname) ? url.href : null;
}

const linkSchemes = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/**
 * A link target (a/area href) normalised by the WHATWG parser, or null when it is not an absolute
 * http(s), mailto or tel URL (javascript:, data:, relative references that mean nothing in a mail).
 */
export function safeLink(value: string): string | null {
  const url = parse(value);
  if (!url || !linkSchemes.has(url.protocol)) return null;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === 'relative.invalid') return null;
  return url.href;
}

/** The Content-ID a `cid:` reference names (lower case, without <>), or null when it is not one. */
export function cidOf(value: string): string | null {
  const m = /^\s*cid:(.+)$/i.exec(value);
  if (!m) return null;
  let id = m[1]!.trim();
  try {
    id = decodeURIComponent(id);
  } catch {
    // a stray % is part of the id
  }
  return id.replace(/^<|>$/g, '').toLowerCase();
}
