import { AnchorButton, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiFetch } from '../auth/apiFetch';
import { productWindows } from './productWindows';
import './media.css';

type State = { status: 'loading' } | { status: 'ready'; url: string; size: number } | { status: 'error'; message: string };

/**
 * /temppdf/{muid} (001 §2 Actions window, no common header): the email's processed PDF, the one
 * "Use Process PDF" stands for. The server renders it once (headless Chromium) and keeps it; the
 * first opening waits for that, so the window shows a spinner and, on failure, the server's reason.
 */
export function TempPdfScreen() {
  const { muid = '' } = useParams();
  const w = productWindows.email(muid);
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void (async () => {
      try {
        const res = await apiFetch(w.tempPdfApi);
        if (!res.ok) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          throw new Error(body?.message ?? res.statusText);
        }
        const blob = await res.blob();
        url = URL.createObjectURL(blob);
        if (live) setState({ status: 'ready', url, size: blob.size });
      } catch (e) {
        if (live) setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [w.tempPdfApi]);
  return (
    <div className="portal-window">
      <header className="portal-window-head">
        <H4>Temp PDF · email {muid}</H4>
        {state.status === 'ready' && <span className="portal-window-note">{(state.size / 1024).toFixed(0)} KB</span>}
        <AnchorButton size="small" icon="code" text="Processed HTML" href={w.processedHtml} target="_blank" rel="noreferrer" />
        {state.status === 'ready' && <AnchorButton size="small" icon="download" text="Download" href={state.url} download={`email-${muid}-processed.pdf`} />}
      </header>
      {state.status === 'loading' && <NonIdealState icon={<Spinner />} title="Rendering the PDF..." />}
      {state.status === 'error' && <NonIdealState icon="error" title={state.message} />}
      {state.status === 'ready' && <iframe className="portal-window-frame" src={state.url} title={`Temp PDF of email ${muid}`} />}
    </div>
  );
}
