import type { DashboardRequest, SearchCriteria } from '../api/emailTypes';
import { sessionRow } from './auth/sessions';
import type { Db } from './db/Db';
import { listColumns } from './emails/emailColumns';
import { listEmails, maxPerPage } from './emails/listEmails';
import { findProduct } from './products/productStore';

const noSession = '00000000-0000-0000-0000-000000000000';
/** A word search no email matches: what warms is per connection (plans, catalog lookups), not rows. */
const search: SearchCriteria = {
  query: 'warmupnomatch', by_id: false, by_subject: true, by_body: true, by_sender_name: false, by_sender_email: false,
  from_day: '', from_month: '', from_year: '', to_day: '', to_month: '', to_year: '',
  show_blank: false, show_unused: false, show_used: false, show_copy: false, show_junk: false,
  hide_read: false, flags: [], panelist: '', state: '', country: '0', owner_type: '', partition: '',
};

/**
 * Opens every pooled connection and runs on each the statements behind the commonest requests: the
 * session check, a dashboard's first page with its total, a word search and a product read. The
 * server does it before it listens, so before /api/health answers: an instance a load balancer adds
 * takes its first requests warm instead of paying inside them for connecting (SCRAM), preparing the
 * hot statements and filling PostgreSQL's per-connection caches. Resolves to the connections warmed.
 */
export async function warmConnections(db: Db): Promise<number> {
  const list = await listColumns(db);
  const page: DashboardRequest = { page: 1, perpage: maxPerPage, panelist: 'all', dashboard: 'focus', sorting_field: list.defaultSort.field, sorting_direction: list.defaultSort.direction };
  return db.forEachConnection(async (q) => {
    await sessionRow(q, noSession, 0);
    await listEmails(q, page, list);
    await listEmails(q, { ...page, search }, list);
    await findProduct(q, 0);
  });
}
