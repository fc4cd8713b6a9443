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
    const set = () => root.style.setProperty('--portal-actions-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    set();
    const ro = new ResizeObserver(set);
    ro.observe(el);
    return () => ro.disconnect();
  }, [bar]);
}
