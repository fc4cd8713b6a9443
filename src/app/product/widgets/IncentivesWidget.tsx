import type { WidgetProps } from '@rjsf/utils';
import { Button } from '@blueprintjs/core';
import { useState, useSyncExternalStore } from 'react';
import { deepEqual } from '../../../engine/model/deepEqual';
import { isEmptyValue } from '../../../ui/form/isEmptyValue';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { useOptionalProductEditor } from './ProductEditorContext';
import { ReadRow } from '../../../ui/form/ReadRow';
import { RegistryField } from '../../../ui/form/RegistryField';

type Slot = Record<string, unknown>;
const noSubscribe = () => () => {};

/**
 * Incentives as numbered blocks (`x-ui.slots`, 3 in the metadata), each drawing the item fields
 * through the registry; the block label ("Sign-on Incentive" / "Incentive") comes from the engine.
 * In the editor, slots without an entered value (defaults aside) wait behind one "Add" line.
 */
export function IncentivesWidget(props: WidgetProps) {
  const o = widgetOptions(props);
  const field = o.fieldModel;
  const count = typeof o.slots === 'number' ? o.slots : 3;
  const slots: Slot[] = Array.isArray(props.value) ? (props.value as Slot[]) : [];
  const readMode = !!props.readonly;
  const set = (i: number, key: string, v: unknown) => {
    const next: Slot[] = Array.from({ length: Math.max(count, slots.length) }, (_x, j) => ({ ...(slots[j] ?? {}) }));
    if (v === undefined || v === '') delete next[i]![key];
    else next[i]![key] = v;
    props.onChange(next);
  };
  const editor = useOptionalProductEditor();
  // The block label rule ("Incentive" for insurance / investment, else "Sign-on Incentive") names each slot.
  const blockLabel = useSyncExternalStore(editor?.subscribe ?? noSubscribe, () => (field && editor ? editor.block(field.blockId).label : undefined));
  const label = blockLabel || props.label || field?.title || 'Incentive';
  // Empty slots wait behind one "Add" line (issue 27: three empty slots took ~600 px on every product).
  const [added, setAdded] = useState(0);
  const children = field?.children ?? [];
  const entered = (slot: Slot) => children.some((c) => !isEmptyValue(slot[c.key]) && !deepEqual(slot[c.key], c.schema.default));
  const lastEntered = Array.from({ length: count }, (_x, i) => entered(slots[i] ?? {})).lastIndexOf(true);
  const shown = readMode ? count : Math.min(count, Math.max(added, lastEntered + 1));
  return (
    <div className="portal-incentives" id={props.id}>
      {Array.from({ length: count }, (_x, i) => {
        const slot = slots[i] ?? {};
        if (readMode && !Object.values(slot).some((v) => v !== undefined && v !== null && v !== '')) return null;
        if (i >= shown) return null;
        // The summary draws a slot as its own grid of rows, like every other block: a value left
        // empty is one more hidden row (until "Show empty fields"), not a 46 px empty line.
        if (readMode)
          return (
            <fieldset key={i} className="portal-field-group portal-grid" style={{ ['--portal-columns' as string]: 4 }} aria-label={`${label} ${i + 1}`}>
              <legend>{`${label} ${i + 1}`}</legend>
              {children.map((c) => (
                <ReadRow key={c.key} label={c.title} empty={isEmptyValue(slot[c.key])}>
                  <RegistryField field={c} id={`incentives.${i}.${c.key}`} value={slot[c.key]} readMode labelled={false} />
                </ReadRow>
              ))}
            </fieldset>
          );
        return (
          <fieldset key={i} className="portal-field-group" aria-label={`${label} ${i + 1}`}>
            <legend>{`${label} ${i + 1}`}</legend>
            {(field?.children ?? []).map((c) => (
              <RegistryField
                key={c.key}
                field={c}
                id={`incentives.${i}.${c.key}`}
                value={slot[c.key] ?? (readMode ? undefined : c.schema.default)}
                onChange={(v) => set(i, c.key, v)}
                readMode={readMode}
              />
            ))}
          </fieldset>
        );
      })}
      {shown < count && (
        <Button
          className="portal-row-add"
          variant="minimal"
          size="small"
          icon="add"
          text={`Add ${label} ${shown + 1}`}
          onClick={() => {
            setAdded(shown + 1);
            requestAnimationFrame(() => document.getElementById(`incentives.${shown}.${children[0]?.key ?? ''}`)?.focus());
          }}
        />
      )}
    </div>
  );
}
