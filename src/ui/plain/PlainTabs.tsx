import { Classes } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';

interface PlainTabsProps {
  id: string;
  tabs: Array<{ id: string; title: string }>;
  selectedTabId: string;
  onChange: (id: string) => void;
}

/**
 * Blueprint's Tabs (title strip only, animate off) through its CSS API: the same `bp6-tabs` /
 * `bp6-tab-list` / `bp6-tab` markup, ids and ARIA, a click or Enter/Space selects, the arrow keys
 * move the focus along the strip as Blueprint's do (issue 17, first load). No aria-controls: the
 * tabs switch routes and there is no tab panel for it to name (axe aria-valid-attr-value).
 */
export function PlainTabs({ id, tabs, selectedTabId, onChange }: PlainTabsProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : 0;
    if (!step) return;
    const all = [...e.currentTarget.querySelectorAll<HTMLElement>(`.${Classes.TAB}`)];
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    all[(at + step + all.length) % all.length].focus();
  };
  return (
    <div className={Classes.TABS}>
      <div className={Classes.TAB_LIST} role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const selected = t.id === selectedTabId;
          return (
            <div
              key={t.id}
              aria-expanded={selected}
              aria-selected={selected}
              className={Classes.TAB}
              data-tab-id={t.id}
              id={`${Classes.TAB}-title_${id}_${t.id}`}
              role="tab"
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onChange(t.id);
                }
              }}
            >
              {t.title}
            </div>
          );
        })}
      </div>
    </div>
  );
}
