import type { CSSProperties } from 'react';

const renamed: Record<string, string> = {
  class: 'className', for: 'htmlFor', cellpadding: 'cellPadding', cellspacing: 'cellSpacing', colspan: 'colSpan', rowspan: 'rowSpan',
  valign: 'vAlign', bgcolor: 'bgcolor', frameborder: 'frameBorder', maxlength: 'maxLength', usemap: 'useMap', nowrap: 'noWrap',
};
/** Never set inside the portal's editor (they act, load or take focus). */
const skipped = /^(on|srcset$|tabindex$|contenteditable$|autofocus$|accesskey$|style$|xmlns|id$|name$|form)/i;

const camel = (prop: string) =>
  prop.startsWith('--') ? prop : prop.replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** A style attribute as a React style object (properties the browser would ignore are passed on as given). */
export function styleObject(css: string): CSSProperties {
  const out: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const i = decl.indexOf(':');
    if (i <= 0) continue;
    const prop = decl.slice(0, i).trim().toLowerCase();
    const value = decl.slice(i + 1).trim();
    // position:fixed would escape the editor box; url() would load something.
    if (!prop || !value || /url\s*\(/i.test(value) || (prop === 'position' && /fixed|sticky/i.test(value))) continue;
    out[camel(prop)] = value.replace(/\s*!important\s*$/i, '');
  }
  return out as CSSProperties;
}

/** An element's HTML attributes as React props for drawing it inside the editor. */
export function reactAttrs(attrs: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attrs)) {
    if (name.includes(':') || skipped.test(name)) continue;
    out[renamed[name] ?? name] = value;
  }
  if (attrs.style) out.style = styleObject(attrs.style);
  return out;
}
