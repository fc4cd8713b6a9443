import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from '../../../src/ui/dashboard/dashboardTypes';
import { columnFlex, ListTable } from '../../../src/ui/dashboard/ListTable';

const columns: ColumnMeta[] = [
  { key: 'select', label: '', kind: 'checkbox', width: 32 },
  { key: 'muid', label: 'ID', kind: 'id', field: 'muid', sort: 'muid', width: 64 },
  { key: 'subject', label: 'Subject', kind: 'subject', field: 'subject', grow: true, width: 200, minWidth: 120 },
  { key: 'from', label: 'From', kind: 'text', field: 'from' },
];
const rows = [
  { muid: 7, subject: 'Sale', from: 'a@example.com' },
  { muid: 9, subject: 'News', from: 'b@example.com' },
];

describe('ListTable (issue 17: the email list without Table2)', () => {
  it('sizes columns by flex: own width as basis, grow columns taking the room left, only a minWidth below the width lets one narrow (issue 28 item 7)', () => {
    expect(columns.map(columnFlex)).toEqual([
      { flex: '0 1 32px', minWidth: 32 },
      { flex: '0 1 64px', minWidth: 64 },
      { flex: '200 1 200px', minWidth: 120 },
      { flex: '0 1 150px', minWidth: 150 },
    ]);
  });

  it('draws a header row and one row per item, cells classed by kind, the sort on its header', () => {
    const html = renderToStaticMarkup(
      <ListTable
        label="Emails"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.muid}
        sort={{ field: 'muid', direction: 'asc' }}
        onSort={() => undefined}
        emptyText="No Records"
        renderCell={(c, r) => <span>{String(r[c.field as keyof typeof r] ?? '')}</span>}
      />,
    );
    expect(html).toContain('role="region" aria-label="Emails"');
    expect(html.match(/role="columnheader"/g)).toHaveLength(4);
    expect(html.match(/role="row"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Sort by ID"');
    expect(html).toContain('aria-sort="ascending"');
    expect(html.match(/dashboard-cell dashboard-cell--subject/g)).toHaveLength(2);
    expect(html.indexOf('Sale')).toBeLessThan(html.indexOf('News'));
  });

  it('shows the empty text instead of the list when there are no rows', () => {
    const html = renderToStaticMarkup(<ListTable label="Emails" columns={columns} rows={[]} rowKey={() => 0} emptyText="No Records" renderCell={() => null} />);
    expect(html).toContain('No Records');
    expect(html).not.toContain('role="table"');
  });
});
