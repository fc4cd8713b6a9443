import { AnchorButton, Callout, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type detailJson from '../../../schemas/dashboards/email_detail.json';
import type { EmailDetail } from '../../api/emailTypes';
import { useDashboardMeta } from './dashboardMeta';
import { useEmailApi } from './EmailApi';
import { fillPath } from '../../ui/dashboard/fillPath';
import { formatEmailDate } from './formatEmailDate';
import { openPopup } from '../../ui/dashboard/openPopup';
import { SafeEmailFrame } from '../../ui/html/SafeEmailFrame';
import { EmailApiProvider } from './EmailApiProvider';

type Link = (typeof detailJson.links)[number] & { popup?: { width: number; height: number } };

function Detail({ muid }: { muid: number }) {
  const api = useEmailApi();
  const dm = useDashboardMeta();
  const detailMeta = dm.detail;
  const navigate = useNavigate();
  const [email, setEmail] = useState<EmailDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.detail(muid).then(
      (d) => {
        if (!live) return;
        setEmail(d);
        // 000 §4: opening an unread email marks it read.
        if (d.email_read === 0) api.readEmail(muid).catch(() => undefined);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [api, muid]);
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!email) return <Spinner aria-label="Loading email" />;

  const row = { ...email, emaildate: email.email_date ?? 'none' } as unknown as Record<string, unknown>;
  const cell = (key: string, kind: string) => {
    const v = row[key];
    if (kind === 'status') return dm.status.label(Number(v));
    if (kind === 'date') return formatEmailDate(v as string | null);
    if (kind === 'sender') return email.email_from_name ? `${email.email_from_name} <${email.email_from_one}>` : email.email_from_one;
    return v === null || v === undefined ? '' : String(v);
  };
  const open = (l: Link) => {
    const path = fillPath(l.path, row);
    if (l.open === 'popup' && l.popup) openPopup(path, l.popup);
    else if (l.open === 'window') window.open(path, '_blank', 'noopener');
    else navigate(path);
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
              href={fillPath(l.path, row)}
              onClick={(e) => {
                e.preventDefault();
                open(l);
              }}
            />
          ))}
        </nav>
      </Card>
      <SafeEmailFrame html={email.html_body} text={email.text_body} title={`Email ${email.muid}`} height="65vh" />
    </section>
  );
}

/** /email/{muid} (000 §2): header, links and the sanitised body. */
export function EmailDetailScreen() {
  const muid = Number(useParams().muid);
  return (
    <EmailApiProvider>
      <Detail muid={muid} />
    </EmailApiProvider>
  );
}
