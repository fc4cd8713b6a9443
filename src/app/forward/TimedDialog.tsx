import { Alert } from '../../ui/dialog/Alert';
import { useEffect } from 'react';

export interface Notice {
  text: string;
  /** Closes by itself after this long (000 §8 timings). */
  ms: number;
  intent: 'success' | 'danger';
}

/** A message dialog with an Ok button that also closes on its own after the notice's time. */
export function TimedDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(onClose, notice.ms);
    return () => clearTimeout(t);
  }, [notice, onClose]);
  return (
    <Alert isOpen={notice !== null} intent={notice?.intent} confirmButtonText="Ok" onConfirm={onClose} onClose={onClose} canEscapeKeyCancel>
      <p data-testid="dialog-message">{notice?.text}</p>
    </Alert>
  );
}
