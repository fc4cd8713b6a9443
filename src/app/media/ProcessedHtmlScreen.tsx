import { AnchorButton, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiFetch } from '../auth/apiFetch';
import { productWindows } from './productWindows';
import './media.css';

type State = { status: 'loading' } | { status: 'ready'; html: string } | { status: 'error'; message: string };

/**
 * /processedhtml/{muid} (001 §2 Actions window, no common header): the email behind a product as
 * the portal processed it (sanitised, cid: images inlined), in a sandboxed frame: no scripts, an
 * opaque origin, and the portal's own CSP on top. Links open the same email as a PDF.
 */
export function ProcessedHtmlScreen() {
  const { muid = '' } = useParams();
  const w = productWindows.email(muid);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const res = await apiFetch(w.processedHtmlApi);
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          throw new Error(body?.message ?? res.statusText);
        }
        const html = await res.text();
        if (live) setState({ status: 'ready', html });
      } catch (e) {
        if (live) setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [w.processedHtmlApi]);
  return (
    <div className="portal-window">
      <header className="portal-window-head">
        <H4>Processed HTML · email {muid}</H4>
        <AnchorButton size="small" icon="document" text="Temp PDF" href={w.tempPdf} target="_blank" rel="noreferrer" />
        <AnchorButton size="small" icon="print" text="Render PDF" href={w.renderPdf} target="_blank" rel="noreferrer" />
      </header>
      {state.status === 'loading' && <NonIdealState icon={<Spinner />} title="Loading the email..." />}
      {state.status === 'error' && <NonIdealState icon="error" title={state.message} />}
      {state.status === 'ready' && <iframe className="portal-window-frame" srcDoc={state.html} sandbox="" referrerPolicy="no-referrer" title={`Processed HTML of email ${muid}`} />}
    </div>
  );
}
