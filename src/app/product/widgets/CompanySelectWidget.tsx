import { HTMLSelect } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useSyncExternalStore } from 'react';
import { SELECT_ONE } from '../../../ui/widgets/SelectWidget';
import { useOptionalProductEditor, type ProductEditor } from './ProductEditorContext';

type Company = { companyID?: unknown; companyName?: unknown };

const NONE: Company[] = [];
const companiesOf = (editor: ProductEditor | null): Company[] => {
  const list = editor?.getDoc().companies;
  return Array.isArray(list) ? (list as Company[]) : NONE;
};
const noSubscribe = () => () => {};

/** A dropdown of the product's own companies (`x-ui.lookup: "companies"` on a select): the promotion company. */
export function CompanySelectWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const companies = useSyncExternalStore(editor?.subscribe ?? noSubscribe, () => companiesOf(editor));
  const { id, value, disabled, readonly, onChange } = props;
  return (
    <HTMLSelect
      id={id}
      value={value == null ? '' : String(value)}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
    >
      <option value="">{SELECT_ONE}</option>
      {companies.map((c) => (
        <option key={String(c.companyID)} value={String(c.companyID)}>
          {String(c.companyName ?? c.companyID)}
        </option>
      ))}
    </HTMLSelect>
  );
}

export function ReadCompanyName(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const c = companiesOf(editor).find((x) => String(x.companyID) === String(props.value));
  return <span className="portal-read-value">{c ? String(c.companyName) : props.value == null ? '' : String(props.value)}</span>;
}
