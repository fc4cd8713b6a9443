import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { PlainButton } from '../plain/PlainButton';
import { PlainSelect } from '../plain/PlainSelect';
import { pageStrip } from './pageStrip';

interface PagerProps {
  page: number;
  lastPage: number;
  perpage: number;
  pageSizes: number[];
  onPage: (page: number) => void;
  onPerPage?: (perpage: number) => void;
  total?: number;
  totalIsEstimate?: boolean;
}

/**
 * 12345 -> "12,345", as toLocaleString('en-US') writes a whole number; without Intl, whose first
 * use costs ~0.1 s of a throttled cold load (issue 17: first load).
 */
export function groupThousands(n: number): string {
  if (!Number.isInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/**
 * First / Previous / page strip (000 §9) / Next / Last, a page-number jump with the page count, and
 * the page size (issue 28 item 7); the buttons do nothing at the bounds. Blueprint's ButtonGroup,
 * Button and HTMLSelect through their CSS API (issue 17, first load).
 */
export function Pager({ page, lastPage, perpage, pageSizes, onPage, onPerPage, total, totalIsEstimate }: PagerProps) {
  const last = Math.max(1, lastPage);
  const strip = useRef<HTMLDivElement | null>(null);
  // Whether the page was asked for from a pager button (Enter on Next, say).
  const fromStrip = useRef(false);
  const go = (p: number) => {
    if (p < 1 || p > last || p === page) return;
    fromStrip.current = !!strip.current?.contains(document.activeElement);
    onPage(p);
  };
  // Next or Last that brought the last page (First or Previous the first) is disabled there, and a
  // disabled button loses the focus to the page: a keyboard user started again from the header. The
  // page's own number in the strip takes it, unless the user has put it somewhere else meanwhile.
  useEffect(() => {
    if (!fromStrip.current) return;
    fromStrip.current = false;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || (active instanceof HTMLButtonElement && active.disabled);
    if (lost) strip.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
  }, [page]);
  // The jump box shows the current page until the user types another.
  const [typed, setTyped] = useState<{ page: number; text: string } | null>(null);
  const text = typed?.page === page ? typed.text : String(page);
  const jump = () => {
    const n = Number(text);
    if (Number.isInteger(n)) go(Math.min(Math.max(1, n), last));
    setTyped(null);
  };
  return (
    <nav className="dashboard-pager" aria-label="Pages">
      <div ref={strip} className={Classes.BUTTON_GROUP}>
        <PlainButton icon="double-chevron-left" aria-label="First page" disabled={page <= 1} onClick={() => go(1)} />
        <PlainButton icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)} />
        {pageStrip(page, last).map((p) => (
          <PlainButton key={p} text={String(p)} active={p === page} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`} onClick={() => go(p)} />
        ))}
        <PlainButton icon="chevron-right" aria-label="Next page" disabled={page >= last} onClick={() => go(page + 1)} />
        <PlainButton icon="double-chevron-right" aria-label="Last page" disabled={page >= last} onClick={() => go(last)} />
      </div>
      <form
        className="dashboard-pager__jump"
        aria-label="Go to page"
        onSubmit={(e) => {
          e.preventDefault();
          jump();
        }}
      >
        <label>
          Page{' '}
          <input
            className={`${Classes.INPUT} dashboard-pager__page`}
            inputMode="numeric"
            aria-label="Page number"
            value={text}
            onChange={(e) => setTyped({ page, text: e.currentTarget.value.replace(/[^0-9]/g, '') })}
          />
        </label>{' '}
        <span data-testid="page-count">of {groupThousands(last)}</span>
        <PlainButton type="submit" text="Go" />
      </form>
      {onPerPage ? (
        <label className="dashboard-pager__size">
          Per page{' '}
          <PlainSelect aria-label="Per page" value={perpage} onChoose={(v) => onPerPage(Number(v))} options={pageSizes.map((s) => ({ value: s, label: String(s) }))} />
        </label>
      ) : null}
      {total !== undefined ? (
        <span className="dashboard-pager__total" data-testid="total">
          {totalIsEstimate ? 'about ' : ''}
          {groupThousands(total)} total
        </span>
      ) : null}
    </nav>
  );
}
