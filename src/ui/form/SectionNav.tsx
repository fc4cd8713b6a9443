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
    const shown = new Set<string>();
    const order = key.split(',');
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const id = (e.target as HTMLElement).dataset.block!;
          if (e.isIntersecting) shown.add(id);
          else shown.delete(id);
        }
        const first = order.find((id) => shown.has(id));
        if (first) setActive(first);
      },
      // The band below the sticky bars: a block counts as current while it crosses the upper part of the screen.
      { rootMargin: '-64px 0px -55% 0px' },
    );
    for (const id of order) {
      const el = root.querySelector(`:scope > * > section[data-block="${id}"], section[data-block="${id}"]`);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
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
