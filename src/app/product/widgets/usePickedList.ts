import type { WidgetProps } from '@rjsf/utils';
import { getAt, setAt } from '../../../ui/form/pathValue';
import type { Doc } from '../../../ui/form/types';
import { widgetOptions } from '../../../ui/widgets/widgetOptions';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';
import { showProblems } from './showProblems';

type Item = Record<string, unknown>;

export interface PickedList<T extends Item> {
  /** Null outside an editor (the summary): the widget draws its read mode. */
  editor: ProductEditor | null;
  items: T[];
  editable: boolean;
  /** Writes the whole list through the field's own onChange (the form store, at the field's path). */
  write(next: T[]): void;
  /**
   * Adds `item` (or replaces the item at `replace`) once the rules of the field's `x-ui.check`
   * action accept it, put at `x-ui.draft` in a copy of the document; refusals are shown as the
   * rules say (`x-refusal`). `stored` is what goes in the list when it differs from the checked
   * draft. Returns whether it was added.
   */
  add(item: T, replace?: number, stored?: T): Promise<boolean>;
}

/**
 * A list field edited by picking (panelists, companies, affinities, publications): everything it
 * knows about the document comes from its field model's path and its `x-ui` (`draft`, `check`).
 */
export function usePickedList<T extends Item>(props: WidgetProps): PickedList<T> {
  const editor = useOptionalProductEditor();
  const o = widgetOptions(props);
  const path = o.fieldModel?.path ?? props.id;
  const items: T[] = Array.isArray(props.value) ? (props.value as T[]) : [];
  const editable = !!editor && !props.readonly && !props.disabled;
  // The list as it is now: a check may wait for an alert, during which the document can change.
  const current = (): T[] => {
    const v = editor ? getAt(editor.getDoc(), path) : props.value;
    return Array.isArray(v) ? (v as T[]) : [];
  };
  const add = async (item: T, replace?: number, stored: T = item): Promise<boolean> => {
    if (!editor) return false;
    const others = current().filter((_x, i) => i !== replace);
    if (o.check) {
      let probe: Doc = setAt(editor.getDoc(), path, others);
      if (o.draft) probe = setAt(probe, o.draft, item);
      if (!(await showProblems(editor, editor.check(o.check, probe)))) return false;
    }
    const next = current().slice();
    if (replace === undefined) next.push(stored);
    else next.splice(replace, 1, stored);
    props.onChange(next);
    return true;
  };
  return { editor, items, editable, write: (next) => props.onChange(next), add };
}
