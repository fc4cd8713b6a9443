import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** requestIdleCallback where the browser has it (Safari does not), else a timer. */
const whenIdle = (fn: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn);
    return () => cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn);
  return () => clearTimeout(id);
};

/**
 * Whether a control that draws part of its content until used (`lazy`) is filled, and `fill`, which
 * fills it synchronously (call it from the event that reaches the control, before the browser's own
 * handling of it). Without a use it fills itself once the page is idle after its first paint, so
 * whatever reads the page later (scripts, automation) finds it whole.
 */
export function useFilledOnUse(lazy: boolean): [filled: boolean, fill: () => void] {
  const [filled, setFilled] = useState(!lazy);
  const done = useRef(!lazy);
  const fill = useCallback(() => {
    if (done.current) return;
    done.current = true;
    flushSync(() => setFilled(true));
  }, []);
  useEffect(() => {
    if (filled) return;
    let cancel = () => undefined as void;
    // requestAnimationFrame runs before the first paint; the task after it, once that frame is drawn.
    const frame = requestAnimationFrame(() => {
      const task = window.setTimeout(() => {
        cancel = whenIdle(() => {
          done.current = true;
          setFilled(true);
        });
      });
      cancel = () => clearTimeout(task);
    });
    return () => {
      cancelAnimationFrame(frame);
      cancel();
    };
  }, [filled]);
  return [filled, fill];
}
