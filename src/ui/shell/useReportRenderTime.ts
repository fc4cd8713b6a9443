import { useContext, useEffect, useRef } from 'react';
import { RenderTimeReporterContext } from './ShellContext';

/**
 * Reports to the header how long the calling screen took from its first render until `ready`
 * (by default: until it is on screen). Clears the note when the screen unmounts.
 */
export function useReportRenderTime(ready = true): void {
  const report = useContext(RenderTimeReporterContext);
  const startedAt = useRef<number | null>(null);
  const reported = useRef(false);
  if (startedAt.current === null) startedAt.current = performance.now();

  useEffect(() => {
    if (!ready || reported.current) return;
    // Wait for the browser to paint before stopping the clock.
    const frame = requestAnimationFrame(() => {
      reported.current = true;
      report(performance.now() - (startedAt.current ?? 0));
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, report]);

  useEffect(() => () => report(null), [report]);
}
