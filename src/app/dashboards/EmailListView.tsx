import type { EmailItem } from '../../api/emailTypes';
import { ListTable } from '../../ui/dashboard/ListTable';
import { Pager } from '../../ui/dashboard/Pager';
import { useDashboardMeta } from './dashboardMeta';
import { EmailCell } from './EmailCell';
import type { EmailDashboardController } from './useEmailDashboard';
import { useFocusOpenedEmail } from './useFocusOpenedEmail';

/** The email list and its pager (000 §2 Email list, §9 page strip), from the controller's page. */
export function EmailListView({ controller: c, scores }: { controller: EmailDashboardController; scores: string[] }) {
  const dm = useDashboardMeta();
  const { local, rows, list, actions } = c;
  const data = c.data!;
  useFocusOpenedEmail(rows);
  const allChecked = rows.length > 0 && rows.every((r) => local.selected.has(r.muid));
  return (
    <>
      <ListTable<EmailItem>
        label="Emails"
        columns={dm.emailColumns}
        rows={rows}
        rowKey={(r) => r.muid}
        emptyText={c.config.m.noRecords}
        sort={{ field: list.sorting_field, direction: list.sorting_direction }}
        onSort={actions.sort}
        renderHeader={(col) =>
          col.kind === 'checkbox' ? <input type="checkbox" aria-label="Select all" checked={allChecked} onChange={(e) => actions.toggleAll(e.currentTarget.checked)} /> : undefined
        }
        renderCell={(col, row) => (
          <EmailCell
            column={col}
            row={row}
            checked={local.selected.has(row.muid)}
            shownStatus={local.pending.get(row.muid) ?? row.deleted}
            mark={local.marks.get(row.muid) ?? null}
            scores={scores}
            actions={actions}
            linkTo={c.linkTo}
          />
        )}
      />
      <Pager
        page={list.page}
        lastPage={data.lastPage}
        perpage={list.perpage}
        pageSizes={dm.pageSizes}
        onPage={actions.page}
        onPerPage={actions.perpage}
        total={data.totalEmails}
        totalIsEstimate={data.totalIsEstimate}
      />
    </>
  );
}
