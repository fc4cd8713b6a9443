import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--portal-actions-h` on the bar's parent equal to the sticky action bar's height, so the
 * section navigator and the blocks a navigator jump scrolls to start below the bar even when its
 * buttons wrap to a second line (narrow windows, more actions on an approved product).
 */
export function useStickyBarHeight(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = bar.current;
    const root = el?.parentElement;
    if (!el || !root || typeof ResizeObserver === 'undefined') return;
    // The observer's first report (after layout, before the first paint) sets it: a synchronous read
    // here forced a layout of the whole form inside the commit that drew it.
    const ro = new ResizeObserver(([entry]) => {
      const height = `${Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? el.getBoundingClientRect().height)}px`;
      // Style is clean here, so the read is free; setting an inherited custom property restyles the
      // whole form, so only when the bar is not the one-line height product.css starts with.
      if (getComputedStyle(root).getPropertyValue('--portal-actions-h').trim() !== height) root.style.setProperty('--portal-actions-h', height);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [bar]);
}
