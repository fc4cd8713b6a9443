/**
 * Runs `fn` once the browser is idle after the next paint (requestAnimationFrame runs before it, the
 * task posted from there after it; requestIdleCallback where the browser has it, Safari does not);
 * returns its cancel. For work the first screen does not need but its next use does.
 */
export function idleAfterPaint(fn: () => void): () => void {
  let cancel = () => cancelAnimationFrame(frame);
  const frame = requestAnimationFrame(() => {
    const task = window.setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return fn();
      const idle = requestIdleCallback(fn);
      cancel = () => cancelIdleCallback(idle);
    });
    cancel = () => clearTimeout(task);
  });
  return () => cancel();
}
