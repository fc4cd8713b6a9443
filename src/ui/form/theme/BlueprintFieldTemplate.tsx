import type { FieldTemplateProps } from '@rjsf/utils';
import { FieldShell } from '../FieldShell';
import type { XUi } from '../types';

/** RJSF FieldTemplate on Blueprint: the same frame (label, star, errors, help, heading) as the metadata renderer. */
export function BlueprintFieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, hidden, required, displayLabel, schema, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  const ui = (schema as { 'x-ui'?: XUi })['x-ui'] ?? {};
  const heading = (uiSchema?.['ui:options']?.heading as string | undefined) ?? ui.heading;
  if (schema.type === 'object' || !displayLabel) {
    return (
      <>
        {heading && <h5 className="portal-form-heading">{heading}</h5>}
        {children}
        {rawErrors?.length ? <div className="bp6-form-helper-text portal-field-errors">{rawErrors.join(' ')}</div> : null}
      </>
    );
  }
  return (
    <FieldShell id={id} label={label} required={!!required} errors={rawErrors ?? []} help={rawHelp} heading={heading}>
      {children}
    </FieldShell>
  );
}
