import { getIn, splitPath } from '../model/paths';

export function formatValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(formatValue).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Fills `{path}` placeholders from the item (for item rules) or the document; `{$now}`, `{$action}`
 * too. `format` may write a value its own way (a coded field's codes as their titles).
 */
export function fillMessage(
  message: string,
  doc: unknown,
  extra: { now: string; action: string | null; item?: unknown; format?: (path: string, value: unknown) => string | undefined },
): string {
  if (!message.includes('{')) return message;
  return message.replace(/\{([$\w.]+)\}/g, (whole, path: string) => {
    if (path === '$now') return extra.now;
    if (path === '$action') return extra.action ?? '';
    const fmt = (v: unknown) => extra.format?.(path, v) ?? formatValue(v);
    if (path.startsWith('$doc.')) return fmt(getIn(doc, splitPath(path.slice(5))));
    const segs = splitPath(path);
    if (extra.item !== undefined) {
      const v = getIn(extra.item, segs);
      if (v !== undefined) return fmt(v);
    }
    const v = getIn(doc, segs);
    return v === undefined && !/^[\w.]+$/.test(path) ? whole : fmt(v);
  });
}
