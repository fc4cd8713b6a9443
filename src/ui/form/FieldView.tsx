import { memo, useCallback, useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import type { EnumOptionsType } from '@rjsf/utils';
import { pickEntry, type RegistryEntry } from '../registry/fieldRegistry';
import type { FieldState } from './fieldState';
import { enumOptionsFor } from './enumOptionsFor';
import { FieldShell } from './FieldShell';
import { fieldSpan } from './fieldSpan';
import type { FieldModel } from './formModel';
import type { FormStore } from './formStore';
import { isEmptyValue } from './isEmptyValue';
import { ReadRow } from './ReadRow';
import { useRegistry } from './RegistryContext';
import type { FormMode } from './types';
import { widgetPropsFor } from './widgetPropsFor';
import type { ValueSource } from '../widgets/valueSource';

export interface FieldViewProps {
  field: FieldModel;
  store: FormStore;
  mode: FormMode;
  /** Columns of the grid the field sits in (its block's `x-block.columns`). */
  columns: number;
  /** The first field of a layout row (`x-block.rows`): it starts at the left of the grid. */
  rowStart?: boolean;
  /** The block's title: a field labelled the same (Comment in Comment) shows no label line of its own. */
  blockTitle?: string;
}

const FULL_ROW: CSSProperties = { gridColumn: '1 / -1' };
/** An input's value is not read here (a keystroke notifies the value's own subscriber alone). */
const NO_SUBSCRIPTION = () => () => {};

/**
 * One field, subscribed to its own view-model entry (label, star, errors, visibility); its value
 * is drawn by FieldValue, subscribed to the value. A keystroke elsewhere renders neither; hidden
 * (per the view model) fields render nothing. The field is one cell of its block's grid, as wide
 * as `x-ui.width` or its widget's default says.
 */
export const FieldView = memo(function FieldView({ field, store, mode, columns, rowStart = false, blockTitle }: FieldViewProps) {
  const subscribe = store.subscriber(field.path);
  const state = useSyncExternalStore(subscribe, () => store.getField(field.path));
  const registry = useRegistry()!;
  const entry = useMemo(() => pickEntry(registry.entries, field, registry.fallback), [registry, field]);
  const staticReadonly = field.ui.readonly === true || field.schema.readOnly === true;
  // Read-only values are drawn as text (read mode of the same entry), not as greyed inputs.
  const asText = mode === 'read' || ((staticReadonly || state.readonly) && !entry.ownFrame && !field.children);
  // Only text-drawn fields read their value here (to hide empty ones); inputs never do.
  const empty = useSyncExternalStore(asText ? subscribe : NO_SUBSCRIPTION, () => asText && isEmptyValue(store.getValue(field.path)));
  const enumOptions = useMemo(() => enumOptionsFor(field, state.options, asText ? 'read' : mode), [field, state.options, mode, asText]);
  const span = fieldSpan(field, entry, columns);
  const cellStyle = useMemo<CSSProperties>(() => (span >= columns ? FULL_ROW : { gridColumn: rowStart ? `1 / span ${span}` : `span ${span}` }), [span, columns, rowStart]);

  if (!state.visible) return null;
  // A read-only value the product does not have yet (an entry id before the first save) is not drawn.
  if (mode === 'edit' && staticReadonly && empty) return null;
  const label = state.label ?? field.title;
  const help = typeof field.ui.help === 'string' ? field.ui.help : undefined;
  const heading = field.ui.heading ? <h5 className={mode === 'read' ? 'portal-summary-heading' : 'portal-form-heading'} style={FULL_ROW}>{field.ui.heading}</h5> : null;

  if (field.children && !Array.isArray(field.schema.type) && field.schema.type !== 'array' && !field.ui.widget) {
    // A nested object without a widget of its own: a titled group of its members, in its own grid.
    return (
      <fieldset className="portal-field-group portal-grid" style={{ ...FULL_ROW, ['--portal-columns' as string]: columns, ['--portal-wide-columns' as string]: columns + 1 }} data-field={field.path}>
        <legend>{label}</legend>
        {field.children.map((c) => (
          <FieldView key={c.path} field={c} store={store} mode={mode} columns={columns} />
        ))}
      </fieldset>
    );
  }

  const widget = <FieldValue field={field} store={store} state={state} enumOptions={enumOptions} entry={entry} read={asText} />;
  if (entry.ownFrame) {
    return (
      <>
        {heading}
        <div className="portal-cell" style={FULL_ROW} data-field={field.path}>
          {widget}
        </div>
      </>
    );
  }
  if (mode === 'read') {
    return (
      <>
        {heading}
        <ReadRow label={label} empty={empty} style={cellStyle}>
          {widget}
        </ReadRow>
      </>
    );
  }
  return (
    <>
      {heading}
      <div className={`portal-cell${asText ? ' portal-cell-text' : ''}`} style={cellStyle} data-field={field.path}>
        <FieldShell id={field.path} label={label} required={state.required} errors={state.errors} help={help} why={field.path} labelHidden={!state.required && label === blockTitle}>
          {widget}
        </FieldShell>
      </div>
    </>
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
  // A widget that follows the store itself (a text input) is handed the value once and the store;
  // the others render on every change of the value.
  const follows = !p.read && p.entry.followsStore === true;
  const subscribe = store.subscriber(field.path);
  const value = useSyncExternalStore(follows ? NO_SUBSCRIPTION : subscribe, () => store.getValue(field.path));
  const valueSource = useMemo<ValueSource | undefined>(() => (follows ? { get: () => store.getValue(field.path), subscribe } : undefined), [follows, store, field.path, subscribe]);
  const onChange = useCallback((v: unknown) => store.change(field.path, v), [store, field.path]);
  // Everything but the value is made once per field state: a keystroke only swaps the value in.
  const base = useMemo(() => widgetPropsFor(field, field.path, undefined, p.state, p.enumOptions, onChange, p.read), [field, p.state, p.enumOptions, onChange, p.read]);
  const Widget = p.read ? p.entry.read : p.entry.edit;
  return valueSource ? <Widget {...base} value={value} valueSource={valueSource} /> : <Widget {...base} value={value} />;
});
