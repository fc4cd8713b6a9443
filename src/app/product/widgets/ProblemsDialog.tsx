import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useRef } from 'react';
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
  const first = useRef<HTMLAnchorElement | null>(null);
  const linked = !!onGo && firstLink >= 0;
  return (
    // The first problem's link takes the focus once the dialog is in (the overlay would focus its frame): Enter goes to the field.
    <Dialog isOpen onClose={onClose} title={title} autoFocus={!linked} onOpened={() => first.current?.focus()} shouldReturnFocusOnClose={!onGo}>
      <DialogBody>
        <ul className="portal-problems" aria-label="Problems">
          {problems.map((p, i) => (
            <li key={`${p.rule}-${i}`} data-rule={p.rule}>
              {onGo && p.field ? (
                <a
                  href={`#${p.field}`}
                  ref={i === firstLink ? first : undefined}
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
