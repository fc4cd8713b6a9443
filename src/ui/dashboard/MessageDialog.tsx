import { Intent } from '@blueprintjs/core';
import { Alert } from '../dialog/Alert';

/** A message with an Ok button (000 §8: "each dialog with an Ok button"). */
export function MessageDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Alert isOpen={message !== null} confirmButtonText="Ok" onConfirm={onClose} onClose={onClose} canEscapeKeyCancel>
      <p data-testid="dialog-message">{message}</p>
    </Alert>
  );
}

/** A yes/no question (e.g. the unsaved-changes one of 000 §5); Escape answers Cancel, the safe answer. */
export function ConfirmDialog({ message, onConfirm, onCancel }: { message: string | null; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Alert isOpen={message !== null} intent={Intent.WARNING} confirmButtonText="Continue" cancelButtonText="Cancel" onConfirm={onConfirm} onCancel={onCancel} canEscapeKeyCancel>
      <p data-testid="confirm-message">{message}</p>
    </Alert>
  );
}
