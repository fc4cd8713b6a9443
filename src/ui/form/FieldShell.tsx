import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { WhyButton } from '../why/WhyButton';

export interface FieldShellProps {
  id: string;
  label: string;
  required: boolean;
  errors: readonly string[];
  help?: string;
  heading?: string;
  /** Field path for the Why? control (shown only inside a WhyProvider). */
  why?: string;
  /** The label only for assistive technology (it repeats the title just above: the block's). */
  labelHidden?: boolean;
  children: ReactNode;
}

/**
 * The frame of an editable field: optional sub-heading, label with the required star and the small
 * Why? icon on the same line, the widget,
 * then the errors (danger intent) or the help text. Shared by the metadata renderer and the RJSF
 * FieldTemplate. Blueprint's FormGroup markup drawn directly: the frame is an ancestor of the input
 * a keystroke renders, and each component fiber on that path costs every keystroke's render and commit.
 */
export function FieldShell({ id, label, required, errors, help, heading, why, labelHidden = false, children }: FieldShellProps) {
  const helper = errors.length ? (
    <span className="portal-field-errors" role="alert">
      {errors.map((e, i) => (
        <span key={i} className="portal-field-error">
          {e}
        </span>
      ))}
    </span>
  ) : (
    help
  );
  const labelContent =
    required || why ? (
      <>
        {label}
        {required && <span className="portal-required" aria-label="required">*</span>}
        {why && <WhyButton target={why} />}
      </>
    ) : (
      label
    );
  return (
    <>
      {heading && <h5 className="portal-form-heading">{heading}</h5>}
      <div className={`${Classes.FORM_GROUP}${errors.length ? ` ${Classes.INTENT_DANGER}` : ''} ${labelHidden ? 'portal-field portal-field-label-hidden' : 'portal-field'}`}>
        {labelContent && (
          <label className={Classes.LABEL} htmlFor={id}>
            {labelContent} <span className={Classes.TEXT_MUTED} />
          </label>
        )}
        <div className={Classes.FORM_CONTENT}>
          {children}
          {helper && <div className={Classes.FORM_HELPER_TEXT}>{helper}</div>}
        </div>
      </div>
    </>
  );
}
