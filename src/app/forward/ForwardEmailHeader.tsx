import { AnchorButton, Button, Card, HTMLTable } from '@blueprintjs/core';
import type { EmailDetail } from '../../api/emailTypes';
import { openPopup } from '../../ui/dashboard/openPopup';
import { useDashboardMeta } from '../dashboards/dashboardMeta';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { forwardPaths } from '../../api/client/forwardClient';
import { fillPath } from '../../ui/dashboard/fillPath';

/**
 * The detail's links (schemas/dashboards/email_detail.json) the editor's header also offers (000 §2 "Email detail and
 * forward editor"): the product of the email and its original, without going back through the detail. Go Back and the
 * processed views are the editor's own (they keep the list to return to); Edit Original is this screen.
 */
const detailLinks = ['manage', 'manage_v2', 'original'];

/**
 * The forward editor's header (000 §2 Email detail and forward editor): ID, Status, Subject, Sender,
 * Points and Date as the detail names them (schemas/dashboards/email_detail.json), Go Back, Manage Product, Manage
 * Product V2, View Original, and the processed HTML and PDF of the email.
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
        {dm.detail.links
          .filter((l) => detailLinks.includes(l.key))
          .map((l) => {
            const path = fillPath(l.path, row);
            const popup = 'popup' in l ? l.popup : undefined;
            return (
              <AnchorButton key={l.key} variant="minimal" size="small" text={l.label} href={path} target="_blank"
                onClick={(e) => {
                  e.preventDefault();
                  if (l.open === 'popup' && popup) openPopup(path, popup);
                  else window.open(path, '_blank', 'noopener');
                }} />
            );
          })}
        <AnchorButton variant="minimal" size="small" text="View Processed Html" href={forwardPaths.processedHtml(email.muid, 'original')} onClick={(e) => { e.preventDefault(); openPopup(forwardPaths.processedHtml(email.muid, 'original'), popups.processedHtml); }} />
        <AnchorButton variant="minimal" size="small" text="View Processed PDF" href={forwardPaths.pdf(email.muid, 'original')} onClick={(e) => { e.preventDefault(); openPopup(forwardPaths.pdf(email.muid, 'original'), popups.pdf); }} />
      </nav>
    </Card>
  );
}
