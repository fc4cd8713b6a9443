import { AnchorButton, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { useTempPdf } from '../../api/hooks/mediaHooks';
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
  const { data: blob, error } = useTempPdf(muid);
  // One object URL per PDF, revoked when it is replaced or the window closes.
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const state: State = blob && url ? { status: 'ready', url, size: blob.size } : error ? { status: 'error', message: error.message } : { status: 'loading' };
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
