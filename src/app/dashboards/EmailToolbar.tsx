import { Spinner, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { PlainButton } from '../../ui/plain/PlainButton';
import { PlainSelect } from '../../ui/plain/PlainSelect';
import { useDashboardMeta, type ToolbarMeta } from './dashboardMeta';

interface EmailToolbarProps {
  /** The toolbar entries of schemas/dashboards/emails.json for the current dashboard. */
  items: ToolbarMeta[];
  loading: boolean;
  /** A bulk status change is being saved. */
  busy: boolean;
  onMove: (item: ToolbarMeta) => void;
  onBulkStatus: (status: number, item: ToolbarMeta) => void;
}

/**
 * The actions on the checked emails: move buttons and the bulk "Set status" dropdown (Blueprint's
 * Button and HTMLSelect through their CSS API, issue 17: first load).
 */
export function EmailToolbar({ items, loading, busy, onMove, onBulkStatus }: EmailToolbarProps) {
  const { selectable } = useDashboardMeta().status;
  return (
    <div className="email-dashboard__toolbar">
      {items.map((t) =>
        t.kind === 'bulkStatus' ? (
          // Always shows its label: choosing an entry acts at once, so the same status can be chosen again.
          <PlainSelect
            key={t.key}
            aria-label={t.label}
            value=""
            busy={busy}
            onChoose={(v) => v !== '' && onBulkStatus(Number(v), t)}
            options={[{ value: '', label: t.label, disabled: true }, ...selectable.map((s) => ({ value: String(s.const), label: s.title }))]}
          />
        ) : t.kind === 'move' ? (
          <PlainButton key={t.key} icon={t.icon as IconName | undefined} intent={t.intent as Intent} text={t.label} onClick={() => onMove(t)} />
        ) : null,
      )}
      {loading || busy ? <Spinner size={16} aria-label="Loading" /> : null}
    </div>
  );
}
