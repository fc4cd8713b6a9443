import { AnchorButton, Callout, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type detailJson from '../../../schemas/dashboards/email_detail.json';
import { useEmailDetail } from '../../api/hooks/emailHooks';
import { useEmailWrites } from '../../api/hooks/useEmailWrites';
import { useDashboardMeta } from './dashboardMeta';
import { openedEmailState, returnParam, returnTarget } from './listReturn';
import { fillPath } from '../../ui/dashboard/fillPath';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { openPopup } from '../../ui/dashboard/openPopup';
import { SafeEmailFrame } from '../../ui/html/SafeEmailFrame';
import { EmailPartsList } from '../forward/EmailPartsList';
import { DashboardMetaProvider } from './DashboardMetaProvider';

type Link = (typeof detailJson.links)[number] & { popup?: { width: number; height: number } };

function Detail({ muid }: { muid: number }) {
  const dm = useDashboardMeta();
  const detailMeta = dm.detail;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: email, error } = useEmailDetail(muid);
  const { readEmail } = useEmailWrites();
  const unread = email?.email_read === 0;
  useEffect(() => {
    // 000 §4: opening an unread email marks it read (the lists showing it take the answer).
    if (unread) readEmail(muid).catch(() => undefined);
  }, [unread, muid, readEmail]);
  if (error) return <Callout intent="danger">{error.message}</Callout>;
  if (!email) return <Spinner aria-label="Loading email" />;

  const row = { ...email, emaildate: email.email_date ?? 'none' } as unknown as Record<string, unknown>;
  const cell = (key: string, kind: string) => {
    const v = row[key];
    if (kind === 'status') return dm.status.label(Number(v));
    if (kind === 'date') return formatEmailDate(v as string | null);
    if (kind === 'sender') return email.email_from_name ? `${email.email_from_name} <${email.email_from_one}>` : email.email_from_one;
    return v === null || v === undefined ? '' : String(v);
  };
  // Go Back returns to the list the email was opened from; the editor keeps that list for its Cancel (issue 28 item 1).
  const from = params.get(returnParam);
  const pathOf = (l: Link) => {
    if ('returnToList' in l && l.returnToList) return returnTarget(params, l.path);
    const path = fillPath(l.path, row);
    return l.open === 'same' && from && path.startsWith('/') && !path.startsWith('/api/') ? `${path}?${new URLSearchParams({ [returnParam]: from })}` : path;
  };
  const open = (l: Link) => {
    const path = pathOf(l);
    if (l.open === 'popup' && l.popup) openPopup(path, l.popup);
    else if (l.open === 'window') window.open(path, '_blank', 'noopener');
    else navigate(path, 'returnToList' in l && l.returnToList ? { state: openedEmailState(muid) } : undefined);
  };
  return (
    <section className="email-detail" aria-label="Email detail">
      <Card compact>
        <HTMLTable compact className="email-detail__header">
          <tbody>
            {detailMeta.header.map((h) => (
              <tr key={h.key}>
                <th scope="row">{h.label}</th>
                <td data-testid={`detail-${h.key}`}>{cell(h.key, h.kind)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <nav className="email-detail__links" aria-label="Email links">
          {(detailMeta.links as Link[]).map((l) => (
            <AnchorButton
              key={l.key}
              variant="minimal"
              text={l.label}
              href={pathOf(l)}
              onClick={(e) => {
                e.preventDefault();
                open(l);
              }}
            />
          ))}
        </nav>
      </Card>
      <EmailPartsList parts={email.attachments} />
      <SafeEmailFrame html={email.html_body} text={email.text_body} title={`Email ${email.muid}`} height="65vh" />
    </section>
  );
}

/** /email/{muid} (000 §2): header, links and the sanitised body. */
export function EmailDetailScreen() {
  const muid = Number(useParams().muid);
  return (
    <DashboardMetaProvider>
      <Detail muid={muid} />
    </DashboardMetaProvider>
  );
}
