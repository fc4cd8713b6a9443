import { Classes } from '@blueprintjs/core';

let measure: ((label: string) => number) | null | undefined;

/**
 * Measures text as a `.bp6-html-select` select draws its options: a canvas in the font such a select
 * computes (read once from a hidden probe), or null where nothing can measure (no DOM, no canvas, or
 * a text transform the canvas would not apply).
 */
function measurer(): ((label: string) => number) | null {
  if (measure !== undefined) return measure;
  measure = null;
  if (typeof document === 'undefined' || !document.body) return measure;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return measure;
  const probe = document.createElement('div');
  probe.className = Classes.HTML_SELECT;
  probe.style.cssText = 'position: absolute; visibility: hidden';
  const select = probe.appendChild(document.createElement('select'));
  document.body.appendChild(probe);
  const style = getComputedStyle(select);
  const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const transformed = style.textTransform !== 'none';
  const spacing = style.letterSpacing;
  probe.remove();
  if (transformed) return measure;
  context.font = font;
  if (spacing !== 'normal') context.letterSpacing = spacing;
  measure = (label) => context.measureText(label).width;
  return measure;
}

/**
 * The index of the label a `.bp6-html-select` select draws widest (a closed select is as wide as
 * its widest option), or -1 where it cannot be measured.
 */
export function widestLabel(labels: readonly string[]): number {
  const width = measurer();
  if (!width) return -1;
  let widest = -1;
  let most = -1;
  labels.forEach((label, i) => {
    const w = width(label);
    if (w > most) [widest, most] = [i, w];
  });
  return widest;
}
