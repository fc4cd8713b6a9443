import { DialogBody, HTMLTable, Spinner } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import { useProductLog } from '../../../api/hooks/productHooks';
import { formatUsDateTime } from '../../../ui/widgets/formatUsDate';

/** Product Activity Log (001 §2, §6): who did what, when; for product admins. A refusal (401, 403) just ends loading. */
export function ActivityLogDialog({ isOpen, onClose, productId }: { isOpen: boolean; onClose: () => void; productId: number | undefined }) {
  const { data, error } = useProductLog(isOpen && productId !== undefined ? productId : null);
  const rows = data ?? (error ? [] : null);
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
