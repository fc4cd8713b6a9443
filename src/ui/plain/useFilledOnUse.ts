import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { idleAfterPaint } from '../idleAfterPaint';

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
    return idleAfterPaint(() => {
      done.current = true;
      setFilled(true);
    });
  }, [filled]);
  return [filled, fill];
}
