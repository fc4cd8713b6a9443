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
  /** The label only for assistive technology (it repeats the title just above: the block's). */
  labelHidden?: boolean;
  children: ReactNode;
}

/**
 * The frame of an editable field: optional sub-heading, label with the required star and the small
 * Why? icon on the same line, the widget,
 * then the errors (danger intent) or the help text. Shared by the metadata renderer and the RJSF
 * FieldTemplate.
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
  return (
    <>
      {heading && <h5 className="portal-form-heading">{heading}</h5>}
      <FormGroup
        className={labelHidden ? 'portal-field portal-field-label-hidden' : 'portal-field'}
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
