import { HTMLTable, Section, SectionCard, Spinner } from '@blueprintjs/core';
import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client/ApiError';
import type { ProductEmailsResponse } from '../../api/emailTypes';
import { useProductEmails } from '../../api/hooks/emailHooks';
import { useDashboardMeta } from './dashboardMeta';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { permittedModule } from '../auth/permittedModule';
import { useSession } from '../auth/SessionContext';
import { DashboardMetaProvider } from './DashboardMetaProvider';
import './productEmails.css';

/** HTTP 403: the role may see the product but not its emails, so the section stays away. */
const httpForbidden = 403;

type Load = { status: 'loading' } | { status: 'ready'; data: ProductEmailsResponse } | { status: 'hidden' } | { status: 'error'; message: string };

/**
 * The product screens' list of the product's emails (000 §5's copy flow seen from the product): the
 * email it was catalogued from (Used) and the emails assigned to it (Copy), each opening the email
 * detail in a new tab (so the editor's unsaved changes stay) for a role that may open it. Memoised:
 * the editor's frame re-renders when the sections shown change (a channel switch), this need not.
 */
export const ProductEmailsSection = memo(function ProductEmailsSection({ productId }: { productId: string | number }) {
  const { data, error } = useProductEmails(productId);
  const load: Load = data
    ? { status: 'ready', data }
    : error instanceof ApiError && error.status === httpForbidden
      ? { status: 'hidden' }
      : error
        ? { status: 'error', message: error.message }
        : { status: 'loading' };
  // Open when there are emails to see; a product without any keeps to its title line.
  const [opened, setOpened] = useState<boolean | null>(null);
  // 403: the product itself is refused, and the screen already says so.
  if (load.status === 'hidden') return null;
  const count = load.status === 'ready' ? load.data.emails.length : null;
  // Closed while loading (a fold right after the first paint could stall Blueprint's Collapse), opened by the answer when it lists emails; errors are shown.
  const isOpen = opened ?? (load.status === 'error' || (load.status === 'ready' && (load.data.emails.length > 0 || load.data.hidden > 0)));
  return (
    <Section
      className="portal-product-emails"
      title="Emails of this product"
      // A subtitle from the start: the header keeps its height when the count arrives (no layout shift).
      subtitle={count === null ? 'Loading…' : `${count} email${count === 1 ? '' : 's'}`}
      compact
      collapsible
      collapseProps={{ isOpen, onToggle: () => setOpened(!isOpen) }}
    >
      <SectionCard padded={load.status !== 'ready' || load.data.emails.length === 0}>
        {load.status === 'loading' && <Spinner size={20} aria-label="Loading the product's emails" />}
        {load.status === 'error' && <p className="portal-no-permission">{load.message}</p>}
        {load.status === 'ready' && (
          <DashboardMetaProvider>
            <EmailRows data={load.data} />
          </DashboardMetaProvider>
        )}
      </SectionCard>
    </Section>
  );
});

function EmailRows({ data }: { data: ProductEmailsResponse }) {
  const dm = useDashboardMeta();
  const { role } = useSession();
  const canOpen = (muid: number) => role !== null && permittedModule(role.modules, `/email/${muid}`) !== undefined;
  const open = (muid: number, text: string | number, label?: string) =>
    canOpen(muid) ? (
      <Link to={`/email/${muid}`} target="_blank" rel="noopener" aria-label={label}>
        {text}
      </Link>
    ) : (
      text
    );
  const hidden = data.hidden > 0 ? <p className="portal-product-emails__hidden">{data.hidden} more of panelist types your role can not see.</p> : null;
  if (data.emails.length === 0) return <>{hidden ?? <p className="portal-product-emails__none">No email is assigned to this product.</p>}</>;
  return (
    <>
      <HTMLTable compact striped className="portal-product-emails__table" aria-label="Emails of this product">
        <thead>
          <tr>
            <th>Status</th>
            <th>MUID</th>
            <th>Subject</th>
            <th>From</th>
            <th>Date</th>
          </tr>
        </thead>
        <tbody>
          {data.emails.map((e) => (
            <tr key={e.muid} data-testid={`product-email-${e.muid}`}>
              <td>{dm.status.label(e.deleted)}</td>
              <td>{open(e.muid, e.muid, `Open email ${e.muid}`)}</td>
              <td className="portal-product-emails__subject" title={e.email_subject}>
                {open(e.muid, e.email_subject || '(no subject)')}
              </td>
              <td className="portal-product-emails__from" title={e.email_from_one}>
                {e.email_from_name || e.email_from_one}
              </td>
              <td className="portal-product-emails__date">{formatEmailDate(e.email_date)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {hidden}
    </>
  );
}
