import { useEffect, useState } from 'react';

/**
 * Runs `search` `delayMs` after the text stops changing, once it has at least `minChars`
 * characters; a newer text aborts the older request. Failed searches are only logged (001 §8).
 */
export function useDebouncedSearch<T>(text: string, minChars: number, delayMs: number, search: (text: string, signal: AbortSignal) => Promise<T[]>) {
  // null until a search has answered for the text at hand: an empty list then means "no results".
  const [results, setResults] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const q = text.trim();
    if (q.length < minChars) {
      setResults(null);
      setLoading(false);
      return;
    }
    const ctl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      search(q, ctl.signal).then(
        (r) => {
          if (!ctl.signal.aborted) {
            setResults(r);
            setLoading(false);
          }
        },
        (e: unknown) => {
          if (!ctl.signal.aborted) {
            console.info('search failed', e);
            setResults([]);
            setLoading(false);
          }
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
    // `search` is a stable lookup function from the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, minChars, delayMs]);
  return { results, loading, clear: () => setResults(null) };
}
