import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, type KeyboardEvent } from 'react';

/**
 * The strip (its id) whose tab was chosen while the focus was on it. A tab that opens another route
 * redraws the whole dashboard, strip and all: the chosen tab's focus fell to the page, so the arrow
 * keys did nothing and no ring showed. The strip drawn next takes it on its selected tab.
 */
let chosenFrom: string | null = null;

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
  const list = useRef<HTMLDivElement | null>(null);
  const choose = (tabId: string) => {
    if (list.current?.contains(document.activeElement)) chosenFrom = id;
    onChange(tabId);
  };
  // On the strip drawn after the choice (or this one, redrawn with the new selection), unless the user is elsewhere by now.
  useEffect(() => {
    if (chosenFrom !== id) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !list.current?.contains(active)) return;
    chosenFrom = null;
    list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [id, selectedTabId]);
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
      <div ref={list} className={Classes.TAB_LIST} role="tablist" onKeyDown={onKeyDown}>
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
              onClick={() => choose(t.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(t.id);
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
