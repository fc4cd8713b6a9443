import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { Problem } from './ProductEditorContext';

/**
 * The validation-problem dialog before saving (001 §5): the engine's (or the server's) problems
 * for the action, one per line. With `onContinue` it is a confirmation (warnings); without, the
 * save is refused and OK closes it.
 */
export function ProblemsDialog({ title, problems, notes, onClose, onContinue }: { title: string; problems: Problem[]; notes?: string[]; onClose: () => void; onContinue?: () => void }) {
  return (
    <Dialog isOpen onClose={onClose} title={title}>
      <DialogBody>
        <ul className="portal-problems" aria-label="Problems">
          {problems.map((p, i) => (
            <li key={`${p.rule}-${i}`} data-rule={p.rule}>
              {p.message}
            </li>
          ))}
          {notes?.map((n, i) => (
            <li key={`note-${i}`}>{n}</li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter
        actions={
          onContinue ? (
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button intent="primary" text="Continue" onClick={onContinue} />
            </>
          ) : (
            <Button intent="primary" text="OK" onClick={onClose} />
          )
        }
      />
    </Dialog>
  );
}
