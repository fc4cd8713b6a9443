import { Callout, H4, Spinner } from '@blueprintjs/core';
import { useParams } from 'react-router-dom';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { SafeEmailFrame } from '../../ui/html/SafeEmailFrame';
import { useEmailBody } from '../../api/hooks/emailHooks';

function BodyView({ muid, heading, height }: { muid: number; heading: boolean; height: string }) {
  const { data: body, error } = useEmailBody(muid);
  if (error) return <Callout intent="danger">{error.message}</Callout>;
  if (!body) return <Spinner aria-label="Loading email" />;
  return (
    <div className="email-body-popup">
      {heading ? (
        <H4 className="email-body-popup__subject">
          {body.subject} <small>{formatEmailDate(body.email_date)}</small>
        </H4>
      ) : null}
      <SafeEmailFrame html={body.html} text={body.text} title={`Email ${muid}`} height={height} />
    </div>
  );
}

const muidOf = (p: Record<string, string | undefined>) => Number(p.muid);

/** /peek/{muid}: only the email body HTML (000 §2), sanitised in a sandbox. */
export function PeekScreen() {
  const muid = muidOf(useParams());
  return <BodyView muid={muid} heading={false} height="96vh" />;
}

/** /emailbodypopup/{muid}/{emaildate}: the body with its subject and date (import logs, Show Html). */
export function EmailBodyPopupScreen() {
  const muid = muidOf(useParams());
  return <BodyView muid={muid} heading height="88vh" />;
}
