import { Spinner, Tag } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { PlainButton } from '../../ui/plain/PlainButton';
import { PlainSelect } from '../../ui/plain/PlainSelect';
import type { EmailItem } from '../../api/emailTypes';
import { cleanSubject, truncateText } from './cleanSubject';
import { useDashboardMeta, type ColumnMeta } from './dashboardMeta';
import { fillPath } from '../../ui/dashboard/fillPath';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { openPopup } from '../../ui/dashboard/openPopup';

import type { RowMark } from './emailDashboardState';

/** What a cell does (the dashboard controller's actions). */
export interface EmailCellActions {
  status: (row: EmailItem, deleted: number) => void;
  flag: (row: EmailItem, on: boolean) => void;
  read: (row: EmailItem) => void;
  points: (row: EmailItem, score: string) => void;
  toggle: (row: EmailItem, on: boolean) => void;
  openEmail: (row: EmailItem, path: string, newTab: boolean) => void;
  usedId: (row: EmailItem) => void;
}

interface EmailCellProps {
  column: ColumnMeta;
  row: EmailItem;
  checked: boolean;
  /** The status to show (a pending Copy toggle or the saved one). */
  shownStatus: number;
  mark: RowMark | null;
  scores: string[];
  actions: EmailCellActions;
  /** An email link's href: the path carrying the list it was opened from (Cancel and Go Back return to it). */
  linkTo: (path: string) => string;
}

const valueOf = (row: EmailItem, c: ColumnMeta) => (c.field ? row[c.field] : undefined);

/**
 * One cell of the email list, by column kind; an unknown kind shows the field as text. Buttons and
 * selects use Blueprint's CSS API (plain elements, its classes): ~10 per row (issue 17, first load).
 */
export function EmailCell({ column: c, row, checked, shownStatus, mark, scores, actions, linkTo }: EmailCellProps) {
  const dm = useDashboardMeta();
  const meta = dm.email;
  switch (c.kind) {
    case 'checkbox':
      return <input type="checkbox" aria-label={`Select ${row.muid}`} checked={checked} onChange={(e) => actions.toggle(row, e.currentTarget.checked)} />;
    case 'id':
      // 000 §7: clicking a Used email's id asks which product it was used for. Drawn in the colour of the other
      // rows' id links: a plain minimal button read as text, so nobody knew it could be clicked.
      return row.deleted === dm.status.code('used') ? (
        <PlainButton minimal small intent="primary" text={String(row.muid)} title="Open the product this email was used for" aria-label={`Product of ${row.muid}`} onClick={() => actions.usedId(row)} />
      ) : (
        <a
          href={linkTo(fillPath(meta.idLink.path, row))}
          onClick={(e) => {
            e.preventDefault();
            actions.openEmail(row, fillPath(meta.idLink.path, row), true);
          }}
        >
          {row.muid}
        </a>
      );
    case 'status': {
      const shown = shownStatus;
      if (dm.status.locked.includes(row.deleted)) return <span data-testid={`status-${row.muid}`}>{dm.status.label(row.deleted)}</span>;
      return (
        <span className="email-status">
          <PlainSelect
            aria-label={`Status of ${row.muid}`}
            value={shown}
            busy={mark === 'saving'}
            onChoose={(v) => actions.status(row, Number(v))}
            options={dm.status.selectable.map((s) => ({ value: Number(s.const), label: s.title }))}
          />
          {mark === 'saving' ? <Spinner size={14} aria-label="Saving" /> : null}
          {mark === 'done' ? (
            <Tag intent="success" minimal>
              {meta.messages.done}
            </Tag>
          ) : null}
        </span>
      );
    }
    case 'subject': {
      const text = truncateText(cleanSubject(String(valueOf(row, c) ?? '')), c.maxLength ?? 60, c.ellipsis ?? ' . . .');
      const path = fillPath(meta.subjectLink.path, row);
      return (
        <a
          href={linkTo(path)}
          title={cleanSubject(row.email_subject)}
          data-email-link={row.muid}
          className={row.email_read ? 'email-subject' : 'email-subject email-subject--unread'}
          onClick={(e) => {
            e.preventDefault();
            actions.openEmail(row, path, e.ctrlKey || e.metaKey);
          }}
        >
          {text}
        </a>
      );
    }
    case 'flag':
      return <input type="checkbox" aria-label={`Flag of ${row.muid}`} checked={row.panelist_core === 1} onChange={(e) => actions.flag(row, e.currentTarget.checked)} />;
    case 'points': {
      const current = row.panelist_score ?? '';
      const opts = scores.includes(current) ? scores : [...scores, current];
      return (
        <PlainSelect
          aria-label={`Points of ${row.muid}`}
          value={current}
          onChoose={(v) => actions.points(row, v)}
          options={opts.map((s) => ({ value: s, label: s === '' ? '-' : s }))}
        />
      );
    }
    case 'read': {
      // The accessible name starts with the visible text (WCAG 2.5.3, issue 28 item 7).
      const text = row.email_read === 1 ? 'Seen' : 'Unseen';
      return <PlainButton minimal small aria-label={`${text}: mark of ${row.muid}`} text={text} onClick={() => actions.read(row)} />;
    }
    case 'flags':
      // The panelist's flags the email carries (000 §2 flag lists).
      return <span className="email-flags" data-testid={`flags-${row.muid}`}>{row.flags.join(' ')}</span>;
    case 'yesno':
      return <span>{valueOf(row, c) ? 'Yes' : 'No'}</span>;
    case 'date': {
      // The date over the time, two lines in a narrow column: the room goes to the subject.
      const text = formatEmailDate(valueOf(row, c) as string | null);
      const cut = text.indexOf(' ');
      if (cut < 0) return <span>{text}</span>;
      return (
        <span className="email-date">
          <span>{text.slice(0, cut)}</span> <span>{text.slice(cut + 1)}</span>
        </span>
      );
    }
    case 'actions':
      return (
        <span className="email-actions">
          {dm.rowActions.map((a) => (
            <PlainButton
              key={a.key}
              minimal
              small
              icon={a.icon as IconName}
              title={a.label}
              aria-label={`${a.label} ${row.muid}`}
              onClick={() => openPopup(fillPath(a.path, { ...row, emaildate: row.email_date ?? 'none' }), a.popup)}
            />
          ))}
        </span>
      );
    default: {
      const v = valueOf(row, c);
      return <span>{v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v)}</span>;
    }
  }
}
