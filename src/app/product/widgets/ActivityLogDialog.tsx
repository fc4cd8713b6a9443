import { Dialog, DialogBody, HTMLTable, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { formatUsDateTime } from '../../../ui/widgets/formatUsDate';

export interface LogRow {
  userid: string;
  ProductActivity: string;
  logDate: string;
}

/** Product Activity Log (001 §2, §6): who did what, when; for product admins. A 401 just ends loading. */
export function ActivityLogDialog({ isOpen, onClose, load }: { isOpen: boolean; onClose: () => void; load: () => Promise<LogRow[]> }) {
  const [rows, setRows] = useState<LogRow[] | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    setRows(null);
    load().then(
      (r) => live && setRows(r),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [isOpen, load]);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Product Activity Log" style={{ width: 800 }}>
      <DialogBody>
        {rows === null ? (
          <Spinner />
        ) : (
          <HTMLTable compact striped aria-label="Product Activity Log" className="portal-activity-log">
            <thead>
              <tr>
                <th>User</th>
                <th>Activity</th>
                <th>Date</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <td>{r.userid}</td>
                  <td>{r.ProductActivity}</td>
                  <td>
                    <time dateTime={r.logDate}>{formatUsDateTime(r.logDate)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
