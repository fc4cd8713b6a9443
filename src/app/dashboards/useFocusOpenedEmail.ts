import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { openedEmailOf } from './listReturn';

/** The attribute marking an email's subject link in the list (the link the keyboard returns to). */
export const emailLinkAttribute = 'data-email-link';

/**
 * Coming back to a list from an email (Cancel, Back, Go Back), focus its subject link once, so a
 * keyboard user carries on from that row instead of tabbing again from the header. Only when
 * nothing else holds focus, and once per history entry: later refreshes of the rows leave focus alone.
 */
export function useFocusOpenedEmail(rowsKey: unknown): void {
  const location = useLocation();
  const done = useRef<string | null>(null);
  useEffect(() => {
    const muid = openedEmailOf(location.state);
    if (muid === undefined || done.current === location.key) return;
    const link = document.querySelector<HTMLElement>(`[${emailLinkAttribute}="${muid}"]`);
    if (!link) return;
    done.current = location.key;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    link.focus();
  }, [location, rowsKey]);
}
