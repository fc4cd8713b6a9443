import { Classes } from '@blueprintjs/core';
import { memo, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createBlockWatch, type BlockWatch } from './blockWatch';

export interface SectionNavProps {
  /** The sections shown, in page order: `section[data-block=id]` elements inside `container`. */
  sections: readonly { id: string; title: string }[];
  /** The element holding the sections (observed for which ones are on screen). */
  container: RefObject<HTMLElement | null>;
  /** Blocks hidden by the rules, listed under the entries so their Why? stays reachable. */
  hidden?: readonly { id: string; title: string }[];
  /** Drawn beside each hidden entry while the hidden list is open (a Why? control). */
  why?: (id: string) => ReactNode;
}

const NONE: readonly { id: string; title: string }[] = [];

/**
 * A navigator for a long form: one entry per visible block. The current entry is the first block
 * with content below the sticky bars (`--portal-actions-h`, the screen's bar height), as
 * IntersectionObserver reports the blocks on screen, or the last block once it is wholly on screen;
 * an entry just chosen stays current until the reader scrolls. Choosing an entry scrolls its block to just below the bars
 * (its `scroll-margin-top`).
 * Memoised (the editor re-renders it on every change otherwise): give it stable props.
 */
export const SectionNav = memo(function SectionNav({ sections, container, hidden = NONE, why }: SectionNavProps) {
  const [active, setActive] = useState<string | null>(null);
  // The hidden entries' Why? controls are drawn only while the list is open (the titles always, so
  // find in page still opens the list on them).
  const [hiddenOpen, setHiddenOpen] = useState(false);
  const watch = useRef<BlockWatch | null>(null);
  const bar = useRef<HTMLSpanElement>(null);
  // One watcher for the page's life: the bar's height (a box sized by the custom property, so no
  // style or layout read) sets its observers' margins; the blocks are observed as they come and go.
  useEffect(() => {
    const sentinel = bar.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined' || typeof ResizeObserver === 'undefined') return;
    const w = (watch.current = createBlockWatch(setActive));
    const ro = new ResizeObserver(([entry]) => entry && w.setBarHeight(entry.contentRect.height));
    ro.observe(sentinel);
    return () => {
      ro.disconnect();
      w.stop();
      watch.current = null;
    };
  }, []);
  const key = sections.map((s) => s.id).join(',');
  useEffect(() => {
    const root = container.current;
    if (root) watch.current?.setBlocks(root, key ? key.split(',') : []);
  }, [container, key]);
  return (
    <nav className="portal-section-nav" aria-label="Sections">
      <span
        ref={bar}
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: 0,
          height: 'var(--portal-actions-h, 48px)',
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      />
      {/* Blueprint's Menu / MenuItem markup through its CSS API: MenuItem measures each label for
          its ellipsis in a layout effect, which forced a layout of the whole form in the commit of
          every change of the sections (a channel switch); the labels are ellipsized by CSS. */}
      <ul role="menu" className={`${Classes.MENU} ${Classes.SMALL}`}>
        {sections.map((s) => {
          const choose = () => {
            watch.current?.choose(s.id);
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
        <details className="portal-section-nav-hidden" onToggle={(e) => setHiddenOpen(e.currentTarget.open)}>
          <summary>Hidden ({hidden.length})</summary>
          <ul aria-label="Hidden sections">
            {hidden.map((s) => (
              <li key={s.id}>
                <span>{s.title}</span>
                {hiddenOpen && why?.(s.id)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
});
