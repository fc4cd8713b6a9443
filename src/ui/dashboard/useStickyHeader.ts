import { useEffect, useState, type RefObject } from 'react';

export interface StickyRule {
  /** Sticks once scrolled more than this (000 §9: 200 px)... */
  afterPx: number;
  /** ...on a page taller than this (000 §9: 1200 px). */
  minPageHeight: number;
}

/** The element's nearest scrolling ancestor (the shell's content pane), else the document. */
function scrollParent(el: HTMLElement | null): HTMLElement {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if (overflowY === 'auto' || overflowY === 'scroll') return p;
  }
  return document.scrollingElement as HTMLElement;
}

/** True while the page holding `ref` is scrolled past the rule on a page tall enough. */
export function useStickyHeader(ref: RefObject<HTMLElement | null>, rule: StickyRule): boolean {
  const [sticky, setSticky] = useState(false);
  const { afterPx, minPageHeight } = rule;
  useEffect(() => {
    let detach = () => undefined as void;
    let timer = 0;
    // After the first paint: finding the pane reads computed styles, which in the mount's own task
    // forced a style pass over the whole new page before the browser's own (issue 17: first load).
    // Nothing is scrolled before the page is painted, so the first check loses nothing by waiting.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        const pane = scrollParent(ref.current);
        const target: HTMLElement | Window = pane === document.scrollingElement ? window : pane;
        const check = () => setSticky(pane.scrollTop > afterPx && pane.scrollHeight > minPageHeight);
        check();
        target.addEventListener('scroll', check, { passive: true });
        window.addEventListener('resize', check);
        detach = () => {
          target.removeEventListener('scroll', check);
          window.removeEventListener('resize', check);
        };
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      detach();
    };
  }, [ref, afterPx, minPageHeight]);
  return sticky;
}
