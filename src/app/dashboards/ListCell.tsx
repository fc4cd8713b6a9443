import { cleanSubject, truncateText } from './cleanSubject';
import type { ColumnMeta } from './dashboardMeta';
import { fillPath } from '../../ui/dashboard/fillPath';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { openPopup } from '../../ui/dashboard/openPopup';

/** A generic list cell by column kind (text, subject, date, enum, popup-link), for the log and dedup lists. */
export function ListCell({ column: c, row }: { column: ColumnMeta; row: Record<string, unknown> }) {
  const v = c.field ? row[c.field] : undefined;
  switch (c.kind) {
    case 'date':
      return <span>{formatEmailDate(v as string | null)}</span>;
    case 'subject':
      return <span title={cleanSubject(String(v ?? ''))}>{truncateText(cleanSubject(String(v ?? '')), c.maxLength ?? 60, c.ellipsis ?? ' . . .')}</span>;
    case 'enum':
      return <span>{c.labels?.[String(v)] ?? c.otherwise ?? String(v ?? '')}</span>;
    case 'popup-link': {
      if (!c.path || row.db_muid === null || row.db_muid === undefined) return <span>{String(v ?? '')}</span>;
      const path = fillPath(c.path, { ...row, email_date: row.email_date ?? 'none' });
      return (
        <a
          href={path}
          onClick={(e) => {
            e.preventDefault();
            openPopup(path, c.popup ?? { width: 500, height: 500 });
          }}
        >
          {String(v ?? '')}
        </a>
      );
    }
    default: {
      // The whole text on hover: a narrow column cuts a long one (an import failure's reason).
      const text = v === null || v === undefined ? '' : String(v);
      return <span title={text || undefined}>{text}</span>;
    }
  }
}
