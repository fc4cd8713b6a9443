import { FormGroup } from '@blueprintjs/core';
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
  children: ReactNode;
}

/**
 * The frame of an editable field: optional sub-heading, label with the required star and the small
 * Why? icon on the same line, the widget,
 * then the errors (danger intent) or the help text. Shared by the metadata renderer and the RJSF
 * FieldTemplate.
 */
export function FieldShell({ id, label, required, errors, help, heading, why, children }: FieldShellProps) {
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
  return (
    <>
      {heading && <h5 className="portal-form-heading">{heading}</h5>}
      <FormGroup
        className="portal-field"
        label={
          required || why ? (
            <>
              {label}
              {required && <span className="portal-required" aria-label="required">*</span>}
              {why && <WhyButton target={why} />}
            </>
          ) : (
            label
          )
        }
        labelFor={id}
        helperText={helper}
        intent={errors.length ? 'danger' : 'none'}
      >
        {children}
      </FormGroup>
    </>
  );
}
