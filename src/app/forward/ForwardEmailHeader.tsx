import { AnchorButton, Button, Card, HTMLTable } from '@blueprintjs/core';
import type { EmailDetail } from '../../api/emailTypes';
import { openPopup } from '../../ui/dashboard/openPopup';
import { useDashboardMeta } from '../dashboards/dashboardMeta';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { forwardPaths } from '../../api/client/forwardClient';

/**
 * The forward editor's header (000 §2 Email detail and forward editor): ID, Status, Subject, Sender,
 * Points and Date as the detail names them (schemas/dashboards/email_detail.json), Go Back, and the
 * processed HTML and PDF of the email.
 */
export function ForwardEmailHeader({ email, onBack, popups }: { email: EmailDetail; onBack: () => void; popups: { processedHtml: { width: number; height: number }; pdf: { width: number; height: number } } }) {
  const dm = useDashboardMeta();
  const row = email as unknown as Record<string, unknown>;
  const cell = (key: string, kind: string) => {
    const v = row[key];
    if (kind === 'status') return dm.status.label(Number(v));
    if (kind === 'date') return formatEmailDate(v as string | null);
    if (kind === 'sender') return email.email_from_name ? `${email.email_from_name} <${email.email_from_one}>` : email.email_from_one;
    return v === null || v === undefined ? '' : String(v);
  };
  return (
    <Card compact className="forward-editor__head">
      <HTMLTable compact className="forward-editor__facts" aria-label="Email">
        <tbody>
          <tr>
            {dm.detail.header.map((h) => (
              <th key={h.key} scope="col">{h.label}</th>
            ))}
          </tr>
          <tr>
            {dm.detail.header.map((h) => (
              <td key={h.key} data-testid={`editor-${h.key}`} className={h.key === 'email_subject' ? 'forward-editor__subject' : undefined}>
                {cell(h.key, h.kind)}
              </td>
            ))}
          </tr>
        </tbody>
      </HTMLTable>
      <nav className="forward-editor__links" aria-label="Email links">
        <Button variant="minimal" size="small" icon="arrow-left" text="Go Back" onClick={onBack} />
        <AnchorButton variant="minimal" size="small" text="View Processed Html" href={forwardPaths.processedHtml(email.muid, 'original')} onClick={(e) => { e.preventDefault(); openPopup(forwardPaths.processedHtml(email.muid, 'original'), popups.processedHtml); }} />
        <AnchorButton variant="minimal" size="small" text="View Processed PDF" href={forwardPaths.pdf(email.muid, 'original')} onClick={(e) => { e.preventDefault(); openPopup(forwardPaths.pdf(email.muid, 'original'), popups.pdf); }} />
      </nav>
    </Card>
  );
}
