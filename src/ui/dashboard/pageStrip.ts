/**
 * The page-number strip (000 §9): every page when there are at most 10; otherwise pages 1-9 while
 * the current page is 4 or below, 4 pages either side of the current page after that, and on the
 * last page the block that starts at its tens boundary (e.g. 51-57 on page 57 of 57).
 */
export function pageStrip(current: number, lastPage: number): number[] {
  const last = Math.max(1, Math.floor(lastPage));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
  if (last <= 10) return range(1, last);
  if (page === last) return range(Math.floor((last - 1) / 10) * 10 + 1, last);
  if (page <= 4) return range(1, 9);
  return range(page - 4, Math.min(last, page + 4));
}
