import { withTheme } from '@rjsf/core';
import type { UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import validators from 'virtual:admin-form-validators';
import { blueprintTheme } from '../../ui/form/theme/blueprintTheme';
import { adminForms, type AdminFormName } from './adminFormSchemas';
import { ChoiceListWidget } from './ChoiceListWidget';
import { ChoicesWidget } from './ChoicesWidget';

interface AdminFormProps<T> {
  /** Which schemas/admin form (adminFormSchemas.ts); its validator was precompiled at build time. */
  form: AdminFormName;
  /** Run-time additions to the form's uiSchema (e.g. the roles a select offers). */
  uiSchema?: UiSchema;
  formData?: T;
  submitText: string;
  disabled?: boolean;
  /** Prefix of the fields' ids, unique on the page: two forms of one schema side by side (New role, a role's card) otherwise share ids, and a label toggled the other form's field. */
  idPrefix?: string;
  onSubmit: (data: T) => void;
}

// The portal's generic renderer as an RJSF theme: the same widgets, frames and buttons as its other forms.
const ThemedForm = withTheme({ ...blueprintTheme, widgets: { ...blueprintTheme.widgets, choices: ChoicesWidget, choiceList: ChoiceListWidget } });
const validatorCache = new Map<AdminFormName, ValidatorType>();
const validatorOf = (form: AdminFormName): ValidatorType => {
  let v = validatorCache.get(form);
  if (!v) validatorCache.set(form, (v = createPrecompiledValidator(validators[form], adminForms[form].schema)));
  return v;
};

/**
 * The Admin Portal's forms, drawn from schemas/admin/*.json by RJSF with the portal's Blueprint
 * theme (src/ui/form/theme), validated by the validators precompiled at build time.
 */
export function AdminForm<T>({ form, uiSchema, formData, submitText, disabled, idPrefix, onSubmit }: AdminFormProps<T>) {
  const spec = adminForms[form];
  return (
    <ThemedForm
      schema={spec.schema}
      uiSchema={{ ...spec.uiSchema, ...uiSchema, 'ui:submitButtonOptions': { submitText } }}
      formData={formData}
      validator={validatorOf(form)}
      idPrefix={idPrefix ?? form}
      disabled={disabled}
      showErrorList={false}
      // The errors show under their fields; without a handler RJSF also logs them to the console.
      onError={() => {}}
      onSubmit={({ formData: data }) => {
        if (data !== undefined) onSubmit(data as T);
      }}
    />
  );
}
