import { AnchorButton, H4, NonIdealState, Spinner } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import { useProcessedHtml } from '../../api/hooks/mediaHooks';
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
  const { data: html, error } = useProcessedHtml(muid);
  const state: State = html !== undefined ? { status: 'ready', html } : error ? { status: 'error', message: error.message } : { status: 'loading' };
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
