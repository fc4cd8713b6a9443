import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../../ui/dialog/Dialog';
import type { Problem } from './ProductEditorContext';

interface ProblemsDialogProps {
  title: string;
  problems: Problem[];
  notes?: string[];
  onClose: () => void;
  onContinue?: () => void;
  /** Goes to a problem's field (the dialog closes): each problem with a field is a link to it. */
  onGo?: (field: string) => void;
}

/**
 * The validation-problem dialog before saving (001 §5): the engine's (or the server's) problems
 * for the action, one per line, each a link to its field (the first one focused). With
 * `onContinue` it is a confirmation (warnings); without, the save is refused and OK closes it.
 */
export function ProblemsDialog({ title, problems, notes, onClose, onContinue, onGo }: ProblemsDialogProps) {
  const firstLink = problems.findIndex((p) => p.field);
  const linked = !!onGo && firstLink >= 0;
  return (
    // The dialog opens on the first problem's link (Enter goes to the field), else on Cancel or OK.
    <Dialog isOpen onClose={onClose} title={title} shouldReturnFocusOnClose={!onGo}>
      <DialogBody>
        <ul className="portal-problems" aria-label="Problems">
          {problems.map((p, i) => (
            <li key={`${p.rule}-${i}`} data-rule={p.rule}>
              {onGo && p.field ? (
                <a
                  href={`#${p.field}`}
                  data-autofocus={i === firstLink ? true : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    onGo(p.field);
                  }}
                >
                  {p.message}
                </a>
              ) : (
                p.message
              )}
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
              <Button text="Cancel" onClick={onClose} data-autofocus={linked ? undefined : true} />
              <Button intent="primary" text="Continue" onClick={onContinue} />
            </>
          ) : (
            <Button intent="primary" text="OK" onClick={onClose} data-autofocus={linked ? undefined : true} />
          )
        }
      />
    </Dialog>
  );
}
