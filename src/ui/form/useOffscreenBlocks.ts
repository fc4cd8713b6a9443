import { useEffect, type RefObject } from 'react';

/** The form's top-level edit blocks not sized yet (hidden ones have no height to keep). */
const UNSIZED = ':scope > .portal-metadata-form > section.portal-block-edit:not([data-sized]):not([hidden])';

/**
 * Top-level blocks of the form in `container` skip style, layout and paint while off screen
 * (`content-visibility: auto`, form.css), each sized as it was last drawn, so the page keeps its
 * length. A block is measured once, after the paint that first drew it (`key` names the blocks
 * shown: a newly shown one is measured after it is drawn), and keeps that height until it is drawn
 * again (`contain-intrinsic-size: auto`). An edit then lays out and paints what is on screen, not
 * the whole form.
 */
export function useOffscreenBlocks(container: RefObject<HTMLElement | null>, key: string): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next paint: the heights read then cost no layout of their own.
    const frame = requestAnimationFrame(
      () =>
        (timer = setTimeout(() => {
          const blocks = [...(container.current?.querySelectorAll<HTMLElement>(UNSIZED) ?? [])];
          const heights = blocks.map((b) => b.getBoundingClientRect().height);
          blocks.forEach((b, i) => {
            if (!heights[i]) return;
            b.style.setProperty('--portal-block-h', `${heights[i]}px`);
            b.dataset.sized = '';
          });
        })),
    );
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [container, key]);
}
