import type { ComponentType } from 'react';
import type { Widget, WidgetProps } from '@rjsf/utils';
import type { FieldModel } from '../form/formModel';
import type { FieldWidth } from '../form/FieldWidth';

/** How well an entry fits a field: higher wins; a negative rank means "not at all" (JSON Forms style). */
export type Tester = (field: FieldModel) => number;

/**
 * One registry entry: the same name is the RJSF widget name, `edit` is an RJSF widget, and `read`
 * draws the value as text for the summary (the read mode of the same entry).
 */
export interface RegistryEntry {
  name: string;
  /** Other `x-ui.widget` / `ui:widget` names for the same entry (e.g. `chips`). */
  aliases?: readonly string[];
  tester: Tester;
  edit: Widget;
  read: ComponentType<WidgetProps>;
  /** True when the entry draws its own label/frame (lists, tables). */
  ownFrame?: boolean;
  /**
   * True when the edit widget takes a `valueSource` prop (ui/widgets/valueSource.ts) and keeps the typed
   * value in its control: the form then does not re-render it for its own keystrokes.
   */
  followsStore?: boolean;
  /** Default width in the block grid when `x-ui.width` does not say (text: narrow with a unit, else medium; others full). */
  width?: FieldWidth;
}

export const NOT_APPLICABLE = -1;

/** The entry with the highest rank for this field, or the fallback when none applies. */
export function pickEntry(entries: readonly RegistryEntry[], field: FieldModel, fallback: RegistryEntry): RegistryEntry {
  let best = fallback;
  let bestRank = NOT_APPLICABLE;
  for (const entry of entries) {
    const rank = entry.tester(field);
    if (rank > bestRank) {
      best = entry;
      bestRank = rank;
    }
  }
  return best;
}
