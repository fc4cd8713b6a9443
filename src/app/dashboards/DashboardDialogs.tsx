import { useState } from 'react';
import { ConfirmDialog, MessageDialog } from '../../ui/dashboard/MessageDialog';

interface DashboardDialogsProps {
  message: string | null;
  confirm: string | null;
  onClose: () => void;
  onAnswer: (yes: boolean) => void;
}

/**
 * The message dialog (000 §8, with an Ok button) and the unsaved-changes question (000 §5). They
 * mount when first needed, then stay for their closing transition: nothing of them is drawn on the
 * first screen (issue 17, first load).
 */
export function DashboardDialogs({ message, confirm, onClose, onAnswer }: DashboardDialogsProps) {
  const [used, setUsed] = useState(false);
  if ((message !== null || confirm !== null) && !used) setUsed(true);
  if (!used) return null;
  return (
    <>
      <MessageDialog message={message} onClose={onClose} />
      <ConfirmDialog message={confirm} onCancel={() => onAnswer(false)} onConfirm={() => onAnswer(true)} />
    </>
  );
}
