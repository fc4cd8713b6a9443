import { FormGroup } from '@blueprintjs/core';
import { enumOptionsFor } from './enumOptionsFor';
import { DEFAULT_FIELD_STATE } from './fieldState';
import type { FieldModel } from './formModel';
import { useRegistry } from './RegistryContext';
import { widgetPropsFor } from './widgetPropsFor';
import { pickEntry } from '../registry/fieldRegistry';
import { ReadText } from '../widgets/ReadText';

export interface RegistryFieldProps {
  field: FieldModel;
  id: string;
  value: unknown;
  onChange?: (value: unknown) => void;
  readMode?: boolean;
  /** Draw the label beside the widget (FormGroup); off inside table cells. */
  labelled?: boolean;
  readonly?: boolean;
}

/** One member field (of a list item or a draft) drawn by the same registry as the form. */
export function RegistryField({ field, id, value, onChange, readMode = false, labelled = true, readonly = false }: RegistryFieldProps) {
  const registry = useRegistry();
  const state = readonly ? { ...DEFAULT_FIELD_STATE, readonly: true } : DEFAULT_FIELD_STATE;
  const props = widgetPropsFor(field, id, value, state, enumOptionsFor(field, undefined, readMode ? 'read' : 'edit'), onChange ?? (() => {}), readMode);
  const entry = registry ? pickEntry(registry.entries, field, registry.fallback) : null;
  const Component = entry ? (readMode ? entry.read : entry.edit) : ReadText;
  if (!labelled) return <Component {...props} />;
  return (
    <FormGroup className="portal-field" label={field.title} labelFor={id} inline={readMode}>
      <Component {...props} />
    </FormGroup>
  );
}

/** The member of a list or object field model by key. */
export function childField(field: FieldModel | undefined, key: string): FieldModel | undefined {
  return field?.children?.find((c) => c.key === key);
}
