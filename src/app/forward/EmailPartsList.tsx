import { AnchorButton, HTMLTable } from '@blueprintjs/core';
import type { EmailAttachmentInfo } from '../../api/emailTypes';
import { forwardPaths } from '../../api/client/forwardClient';
import { formatSize } from './formatSize';

/**
 * The email's own parts (attachments and inline images, issue 28): name, type, size and a download
 * under the safe-download rules of /api/emails/email-attachment. Nothing when the email has none.
 */
export function EmailPartsList({ parts }: { parts: readonly EmailAttachmentInfo[] }) {
  if (parts.length === 0) return null;
  return (
    <HTMLTable compact striped className="email-parts" aria-label="Email attachments">
      <thead>
        <tr>
          <th>Email attachment</th>
          <th>Type</th>
          <th>Size</th>
          <th>Download</th>
        </tr>
      </thead>
      <tbody>
        {parts.map((p) => (
          <tr key={p.id}>
            <td>{p.filename || `part ${p.id}`}{p.content_id ? <small className="email-parts__inline"> (inline)</small> : null}</td>
            <td>{p.content_type}</td>
            <td>{formatSize(p.size)}</td>
            <td>
              <AnchorButton size="small" variant="minimal" icon="download" aria-label={`Download ${p.filename || `part ${p.id}`}`} href={forwardPaths.emailPart(p.id)} download />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
