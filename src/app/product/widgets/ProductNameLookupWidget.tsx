import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import { SELECT_ONE } from '../../../ui/widgets/SelectWidget';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';

const NONE: string[] = [];
let lastKey = '';
let lastNames: string[] = NONE;

/** Associated product names of the product's companies (separated by ##, 001 §3), stable per content. */
function namesOf(editor: ProductEditor | null): string[] {
  const companies = editor?.getDoc().companies;
  if (!Array.isArray(companies)) return NONE;
  const names = companies.flatMap((c) => String((c as { associatedProductName?: unknown }).associatedProductName ?? '').split('##')).map((s) => s.trim()).filter(Boolean);
  const key = names.join('\n');
  if (key !== lastKey) {
    lastKey = key;
    lastNames = [...new Set(names)];
  }
  return lastNames;
}
const noSubscribe = () => () => {};

/** Product name lookup (credit card first sector with associated names): choosing one fills Product Name. */
export function ProductNameLookupWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const names = useSyncExternalStore(editor?.subscribe ?? noSubscribe, () => namesOf(editor));
  return (
    <HTMLSelect
      id={props.id}
      value=""
      disabled={!editor || props.disabled || props.readonly}
      onChange={(e) => {
        const name = e.target.value;
        if (name && editor) editor.update((d) => ({ ...d, product_name: name }));
      }}
    >
      <option value="">{SELECT_ONE}</option>
      {names.map((n) => (
        <option key={n} value={n}>
          {n}
        </option>
      ))}
    </HTMLSelect>
  );
}
