import { Menu, MenuItem } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';

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
 * A navigator for a long form: one entry per visible block; the entry of the block at the top of
 * the screen is active, and choosing an entry scrolls its block into view.
 */
export function SectionNav({ sections, container, hidden = [], why }: SectionNavProps) {
  const [active, setActive] = useState<string | null>(null);
  const key = sections.map((s) => s.id).join(',');
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const order = key.split(',');
    let frame = 0;
    // The current block is the last one whose top has reached the line just below the sticky bars
    // (`--portal-actions-h`, the screen's bar height); at the foot of the page, the last one shown.
    const update = () => {
      frame = 0;
      const bar = parseFloat(getComputedStyle(root).getPropertyValue('--portal-actions-h')) || 48;
      const line = bar + 24;
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current: string | null = null;
      for (const id of order) {
        const el = root.querySelector(`section[data-block="${id}"]`);
        const box = el?.getBoundingClientRect();
        if (!box || box.height === 0) continue;
        if (box.top <= line || (atEnd && box.top < window.innerHeight)) current = id;
        else {
          current ??= id;
          if (!atEnd) break;
        }
      }
      if (current) setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    window.addEventListener('resize', onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onScroll);
    };
  }, [container, key]);
  return (
    <nav className="portal-section-nav" aria-label="Sections">
      <Menu small>
        {sections.map((s) => (
          <MenuItem
            key={s.id}
            text={s.title}
            active={s.id === active}
            aria-current={s.id === active ? 'location' : undefined}
            onClick={() => {
              container.current?.querySelector(`section[data-block="${s.id}"]`)?.scrollIntoView({ block: 'start' });
              setActive(s.id);
            }}
          />
        ))}
      </Menu>
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
