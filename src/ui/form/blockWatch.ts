import { BLOCKS_DRAWN_EVENT } from './blocksDrawnEvent';

/** Which block of a long form is current, from IntersectionObserver reports alone. */
export interface BlockWatch {
  /** The sticky bars' height in px: the observers' top margin follows it (rebuilt only when it changes). */
  setBarHeight(px: number): void;
  /** The blocks shown, in page order (`section[data-block=id]` inside `root`): only those that came or went are (un)observed. */
  setBlocks(root: HTMLElement, ids: readonly string[]): void;
  /** An entry just chosen stays current until the reader scrolls on their own. */
  choose(id: string): void;
  stop(): void;
}

/** How many frames a block named in the list but not drawn yet is looked for again. */
const RETRY_FRAMES = 3;

/**
 * The current block is the first one with content 16 px below the line 8 px under the bars, or the
 * last block once it is wholly below that line and on screen (being last it may never reach the
 * top). Two observers for the page's life keep those two facts per block; nothing here reads layout
 * or style, so a change of the block list costs no forced layout.
 */
export function createBlockWatch(onCurrent: (id: string) => void): BlockWatch {
  let ids: readonly string[] = [];
  let els = new Map<string, HTMLElement>();
  let last: HTMLElement | null = null;
  const below = new Set<Element>();
  let lastWhole = false;
  let bar = -1;
  let current: string | null = null;
  let chosen: string | null = null;
  let content: IntersectionObserver | null = null;
  let whole: IntersectionObserver | null = null;
  let retry = 0;
  // The form the blocks are looked for in, and the listener that looks again when it drew its later blocks.
  let watched: HTMLElement | null = null;
  const drawn = () => watched && sync(watched, ids, 0);

  const update = () => {
    if (chosen) return;
    const id =
      lastWhole && ids.length
        ? ids[ids.length - 1]
        : ids.find((i) => {
            const el = els.get(i);
            return !!el && below.has(el);
          });
    if (id && id !== current) onCurrent((current = id));
  };
  const observeAll = () => {
    for (const el of els.values()) content?.observe(el);
    if (last) whole?.observe(last);
  };
  const sync = (root: HTMLElement, next: readonly string[], attempt: number) => {
    cancelAnimationFrame(retry);
    ids = next;
    const wanted = new Set(next);
    const found = new Map<string, HTMLElement>();
    // One walk of the form, not one query per block.
    for (const el of root.querySelectorAll<HTMLElement>('section[data-block]')) {
      const id = el.dataset.block;
      if (id && wanted.has(id) && !found.has(id)) found.set(id, el);
    }
    for (const [id, el] of els) {
      if (found.get(id) === el) continue;
      content?.unobserve(el);
      below.delete(el);
    }
    for (const [id, el] of found) if (els.get(id) !== el) content?.observe(el);
    els = found;
    const nextLast = found.get(next[next.length - 1] ?? '') ?? null;
    if (nextLast !== last) {
      if (last) whole?.unobserve(last);
      last = nextLast;
      lastWhole = false;
      if (last) whole?.observe(last);
    }
    // A block listed before the form drew it: look again after the next frames.
    if (found.size < wanted.size && attempt < RETRY_FRAMES) retry = requestAnimationFrame(() => sync(root, next, attempt + 1));
    update();
  };
  const release = () => {
    if (!chosen) return;
    chosen = null;
    update();
  };
  const keys = (e: KeyboardEvent) => ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(e.key) && release();
  window.addEventListener('wheel', release, { passive: true });
  window.addEventListener('touchmove', release, { passive: true });
  window.addEventListener('keydown', keys);

  return {
    setBarHeight(px) {
      const h = Math.round(px);
      if (h === bar) return;
      bar = h;
      content?.disconnect();
      whole?.disconnect();
      below.clear();
      lastWhole = false;
      content = new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (e.isIntersecting && e.target.isConnected) below.add(e.target);
            else below.delete(e.target);
          }
          update();
        },
        { rootMargin: `-${h + 24}px 0px 0px 0px`, threshold: 0 },
      );
      whole = new IntersectionObserver(
        (entries) => {
          for (const e of entries) if (e.target === last) lastWhole = e.isIntersecting && e.intersectionRatio >= 1;
          update();
        },
        { rootMargin: `-${h + 8}px 0px 0px 0px`, threshold: 1 },
      );
      observeAll();
    },
    setBlocks(root, next) {
      if (root !== watched) {
        watched?.removeEventListener(BLOCKS_DRAWN_EVENT, drawn);
        root.addEventListener(BLOCKS_DRAWN_EVENT, drawn);
        watched = root;
      }
      sync(root, next, 0);
    },
    choose(id) {
      chosen = id;
      current = id;
    },
    stop() {
      cancelAnimationFrame(retry);
      watched?.removeEventListener(BLOCKS_DRAWN_EVENT, drawn);
      watched = null;
      content?.disconnect();
      whole?.disconnect();
      window.removeEventListener('wheel', release);
      window.removeEventListener('touchmove', release);
      window.removeEventListener('keydown', keys);
    },
  };
}
