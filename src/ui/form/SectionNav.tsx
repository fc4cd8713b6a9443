import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

export interface SectionNavProps {
  /** The sections shown, in page order: `section[data-block=id]` elements inside `container`. */
  sections: readonly { id: string; title: string }[];
  /** The element holding the sections (observed for which ones are on screen). */
  container: RefObject<HTMLElement | null>;
  /** Blocks hidden by the rules, listed under the entries so their Why? stays reachable. */
  hidden?: readonly { id: string; title: string }[];
  /** Drawn beside each hidden entry (a Why? control). */
  why?: (id: string) => ReactNode;
}

/**
 * A navigator for a long form: one entry per visible block. The current entry is the first block
 * with content below the sticky bars (`--portal-actions-h`, the screen's bar height), as
 * IntersectionObserver reports the blocks on screen, or the last block once it is wholly on screen;
 * an entry just chosen stays current until the reader scrolls. Choosing an entry scrolls its block to just below the bars
 * (its `scroll-margin-top`).
 */
export function SectionNav({ sections, container, hidden = [], why }: SectionNavProps) {
  const [active, setActive] = useState<string | null>(null);
  // An entry just chosen stays current until the reader scrolls on their own (a short last block
  // cannot reach the top of the screen).
  const chosen = useRef<string | null>(null);
  const key = sections.map((s) => s.id).join(',');
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    function observe(root: HTMLElement): () => void {
      const blocks = key
        .split(',')
        .map((id) => root.querySelector<HTMLElement>(`section[data-block="${CSS.escape(id)}"]`))
        .filter((el): el is HTMLElement => !!el);
      const bar = () => parseFloat(getComputedStyle(root).getPropertyValue('--portal-actions-h')) || 48;
      const update = () => {
        if (chosen.current) return;
        const line = bar() + 8;
        // The last block, once wholly on screen, is current: being last it may never reach the top.
        const last = blocks[blocks.length - 1]?.getBoundingClientRect();
        const lastInView = !!last && last.top >= line && last.bottom <= window.innerHeight;
        const current = lastInView ? blocks[blocks.length - 1] : blocks.find((b) => b.getBoundingClientRect().bottom > line + 16);
        const id = current?.dataset.block;
        if (id) setActive(id);
      };
      const io = new IntersectionObserver(update, { rootMargin: `-${Math.round(bar())}px 0px 0px 0px`, threshold: [0, 0.25, 0.5, 0.75, 1] });
      blocks.forEach((b) => io.observe(b));
      const release = () => {
        if (!chosen.current) return;
        chosen.current = null;
        update();
      };
      const keys = (e: KeyboardEvent) => ['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(e.key) && release();
      window.addEventListener('wheel', release, { passive: true });
      window.addEventListener('touchmove', release, { passive: true });
      window.addEventListener('keydown', keys);
      update();
      return () => {
        io.disconnect();
        window.removeEventListener('wheel', release);
        window.removeEventListener('touchmove', release);
        window.removeEventListener('keydown', keys);
      };
    }
    // Set up after the next paint: its style and layout reads (the bar's height, the blocks' boxes)
    // in the commit that drew the form forced a whole-page layout inside the first draw's long task.
    let undo: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => (undo = observe(root)))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      undo?.();
    };
  }, [container, key]);
  return (
    <nav className="portal-section-nav" aria-label="Sections">
      {/* Blueprint's Menu / MenuItem markup through its CSS API: MenuItem measures each label for
          its ellipsis in a layout effect, which forced a layout of the whole form in the commit of
          every change of the sections (a channel switch); the labels are ellipsized by CSS. */}
      <ul role="menu" className={`${Classes.MENU} ${Classes.SMALL}`}>
        {sections.map((s) => {
          const choose = () => {
            chosen.current = s.id;
            setActive(s.id);
            container.current?.querySelector(`section[data-block="${CSS.escape(s.id)}"]`)?.scrollIntoView({ block: 'start' });
          };
          return (
            <li key={s.id} role="none">
              <a
                role="menuitem"
                tabIndex={0}
                className={`${Classes.MENU_ITEM}${s.id === active ? ` ${Classes.ACTIVE}` : ''}`}
                aria-current={s.id === active ? 'location' : undefined}
                onClick={choose}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter' && e.key !== ' ') return;
                  e.preventDefault();
                  choose();
                }}
              >
                <div className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} title={s.title}>
                  {s.title}
                </div>
              </a>
            </li>
          );
        })}
      </ul>
      {hidden.length > 0 && (
        <details className="portal-section-nav-hidden">
          <summary>Hidden ({hidden.length})</summary>
          <ul aria-label="Hidden sections">
            {hidden.map((s) => (
              <li key={s.id}>
                <span>{s.title}</span>
                {why?.(s.id)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}
