import { memo, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { EnumOptionsType } from '@rjsf/utils';
import { pickEntry, type RegistryEntry } from '../registry/fieldRegistry';
import type { FieldState } from './fieldState';
import { enumOptionsFor } from './enumOptionsFor';
import { FieldShell } from './FieldShell';
import type { FieldModel } from './formModel';
import type { FormStore } from './formStore';
import { ReadRow } from './ReadRow';
import { useRegistry } from './RegistryContext';
import type { FormMode } from './types';
import { widgetPropsFor } from './widgetPropsFor';

export interface FieldViewProps {
  field: FieldModel;
  store: FormStore;
  mode: FormMode;
}

/**
 * One field, subscribed to its own view-model entry (label, star, errors, visibility); its value
 * is drawn by FieldValue, subscribed to the value. A keystroke elsewhere renders neither; hidden
 * (per the view model) fields render nothing.
 */
export const FieldView = memo(function FieldView({ field, store, mode }: FieldViewProps) {
  const subscribe = store.subscriber(field.path);
  const state = useSyncExternalStore(subscribe, () => store.getField(field.path));
  const registry = useRegistry()!;
  const entry = useMemo(() => pickEntry(registry.entries, field, registry.fallback), [registry, field]);
  const enumOptions = useMemo(() => enumOptionsFor(field, state.options, mode), [field, state.options, mode]);

  if (!state.visible) return null;
  const label = state.label ?? field.title;
  const help = typeof field.ui.help === 'string' ? field.ui.help : undefined;

  if (field.children && !Array.isArray(field.schema.type) && field.schema.type !== 'array' && !field.ui.widget) {
    // A nested object without a widget of its own: a titled group of its members.
    return (
      <fieldset className="portal-field-group">
        <legend>{label}</legend>
        {field.children.map((c) => (
          <FieldView key={c.path} field={c} store={store} mode={mode} />
        ))}
      </fieldset>
    );
  }

  const widget = <FieldValue field={field} store={store} state={state} enumOptions={enumOptions} entry={entry} read={mode === 'read'} />;
  if (mode === 'read') {
    return entry.ownFrame ? widget : (
      <ReadRow label={label} heading={field.ui.heading}>
        {widget}
      </ReadRow>
    );
  }
  if (entry.ownFrame) return widget;
  return (
    <FieldShell id={field.path} label={label} required={state.required} errors={state.errors} help={help} heading={field.ui.heading} why={field.path}>
      {widget}
    </FieldShell>
  );
});

/** The widget alone, subscribed to the value: a keystroke renders this, not the label and frame. */
const FieldValue = memo(function FieldValue(p: {
  field: FieldModel;
  store: FormStore;
  state: FieldState;
  enumOptions: EnumOptionsType[] | undefined;
  entry: RegistryEntry;
  read: boolean;
}) {
  const { field, store } = p;
  const value = useSyncExternalStore(store.subscriber(field.path), () => store.getValue(field.path));
  const onChange = useCallback((v: unknown) => store.change(field.path, v), [store, field.path]);
  const props = widgetPropsFor(field, field.path, value, p.state, p.enumOptions, onChange, p.read);
  const Widget = p.read ? p.entry.read : p.entry.edit;
  return <Widget {...props} />;
});
