import { Classes } from '@blueprintjs/core';
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
 * Previous / page strip (000 §9) / Next and the page size; the buttons do nothing at the bounds.
 * Blueprint's ButtonGroup, Button and HTMLSelect through their CSS API (issue 17, first load).
 */
export function Pager({ page, lastPage, perpage, pageSizes, onPage, onPerPage, total, totalIsEstimate }: PagerProps) {
  const go = (p: number) => {
    if (p < 1 || p > lastPage || p === page) return;
    onPage(p);
  };
  return (
    <nav className="dashboard-pager" aria-label="Pages">
      <div className={Classes.BUTTON_GROUP}>
        <PlainButton icon="chevron-left" aria-label="Previous page" onClick={() => go(page - 1)} />
        {pageStrip(page, lastPage).map((p) => (
          <PlainButton key={p} text={String(p)} active={p === page} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`} onClick={() => go(p)} />
        ))}
        <PlainButton icon="chevron-right" aria-label="Next page" onClick={() => go(page + 1)} />
      </div>
      {onPerPage ? (
        <label className="dashboard-pager__size">
          Per page{' '}
          <PlainSelect aria-label="Per page" value={perpage} onChange={(e) => onPerPage(Number(e.currentTarget.value))} options={pageSizes.map((s) => ({ value: s, label: String(s) }))} />
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
