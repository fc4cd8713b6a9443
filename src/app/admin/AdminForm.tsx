import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

interface AdminFormProps<T> {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: T;
  submitText: string;
  disabled?: boolean;
  onSubmit: (data: T) => void;
}

/**
 * The Admin Portal's forms, drawn from schemas/admin/*.json. Uses @rjsf/core's default theme for
 * now; swaps to the portal's generic renderer (the Blueprint RJSF theme) when that exists.
 */
export function AdminForm<T>({ schema, uiSchema, formData, submitText, disabled, onSubmit }: AdminFormProps<T>) {
  return (
    <Form<T>
      schema={schema}
      uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { submitText } }}
      formData={formData}
      validator={validator}
      disabled={disabled}
      showErrorList={false}
      onSubmit={({ formData: data }) => {
        if (data !== undefined) onSubmit(data);
      }}
    />
  );
}
