import { Button, Callout } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { emailFrameDocument, hasRemoteContent, textAsHtml } from './emailFrameDocument';
import { sanitizeEmailHtml } from '../../shared/html/sanitizeEmailHtml';

interface SafeEmailFrameProps {
  html: string | null;
  text?: string | null;
  title: string;
  /** CSS height of the frame (it scrolls inside). */
  height?: number | string;
}

/**
 * Untrusted email HTML, sanitised (DOMPurify) and shown in a sandboxed srcdoc iframe without
 * allow-scripts and without allow-same-origin, under a CSP that blocks every remote load until the
 * reviewer clicks "Show remote content". Popups are allowed only so links open outside the portal.
 * Never rendered into the portal's own document.
 */
export function SafeEmailFrame({ html, text, title, height = '70vh' }: SafeEmailFrameProps) {
  const [showRemote, setShowRemote] = useState(false);
  const sanitized = useMemo(() => (html ? sanitizeEmailHtml(html) : textAsHtml(text ?? '')), [html, text]);
  const remote = useMemo(() => hasRemoteContent(sanitized), [sanitized]);
  const srcDoc = useMemo(() => emailFrameDocument(sanitized, showRemote), [sanitized, showRemote]);
  return (
    <div className="safe-email">
      {remote && !showRemote ? (
        <Callout intent="warning" icon="shield" className="safe-email__notice" compact>
          Remote images and content are blocked.{' '}
          <Button size="small" variant="outlined" text="Show remote content" onClick={() => setShowRemote(true)} />
        </Callout>
      ) : null}
      <iframe
        // A new key replaces the frame, so the relaxed policy applies from the first load.
        key={showRemote ? 'remote' : 'local'}
        title={title}
        className="safe-email__frame"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        style={{ width: '100%', height, border: '1px solid #d3d8de', background: '#fff' }}
      />
    </div>
  );
}
