import type { WidgetProps } from '@rjsf/utils';
import { codeTitle } from './codeTitle';
import { CompanyMediaLinks } from './CompanyMediaLinks';
import { ItemTable } from '../../../ui/widgets/ItemTable';
import type { CompanyHit } from './ProductLookups';
import { SearchBox } from '../../../ui/widgets/SearchBox';
import { useCompanyMedia } from './useCompanyMedia';
import { usePickedList } from './usePickedList';

type Company = Record<string, unknown>;

/** Company search: at least 2 characters, 600 ms debounce (001 §5, §9). */
const MIN_CHARS = 2;
const DEBOUNCE_MS = 600;
/** 001 §5: the warning shown for a company with co_states, followed by the state names. */
export const STATE_SPECIFIC_WARNING = 'Warning: State Specific Company : ';

/** What a company item keeps of a search hit: the item schema's keys (schemas/product/sections/companies.json). */
export function companyItemKeys(schema: WidgetProps['schema']): string[] {
  const items = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : undefined;
  return Object.keys(items?.properties ?? {});
}

/**
 * Companies with Add Company (search), Up, Down and Remove. The duplicate check is the rules of
 * the field's `x-ui.check` action; derive rules (military, worksite, insurance exchange, dependent
 * promotions) follow from the edit.
 */
export function CompaniesWidget(props: WidgetProps) {
  const { editor, items, editable, write, add } = usePickedList<Company>(props);
  const codes = editor?.codes ?? {};
  const ids = items.map((c) => Number(c.companyID)).filter((n) => Number.isInteger(n) && n > 0);
  const media = useCompanyMedia(editor?.lookups, ids, editor?.getDoc().product_id as number | undefined);
  const states = (c: Company) => (Array.isArray(c.co_states) ? c.co_states.map((s) => codeTitle(codes, 'codes/state', s)).join(', ') : '');

  const pick = async (hit: CompanyHit) => {
    if (!editor) return;
    const row = hit as unknown as Record<string, unknown>;
    const item = Object.fromEntries(companyItemKeys(props.schema).filter((k) => row[k] !== undefined && row[k] !== null).map((k) => [k, row[k]]));
    if (!(await add(item))) return;
    if (Array.isArray(hit.co_states) && hit.co_states.length) editor.notify(STATE_SPECIFIC_WARNING + states(item), 'warning');
  };

  return (
    <div className="portal-companies" id={props.id}>
      <ItemTable<Company>
        label="Companies"
        items={items}
        name={(c) => String(c.companyName ?? c.companyID)}
        columns={[
          { title: 'Company', cell: (c) => String(c.companyName ?? '') },
          { title: 'Company States', cell: (c) => states(c) },
          { title: 'Html / PDF', cell: (c) => <CompanyMediaLinks media={media[Number(c.companyID)]} name={String(c.companyName ?? c.companyID)} /> },
        ]}
        reorder
        onChange={editable ? write : undefined}
        disabled={editor?.uploading}
      />
      {editable && (
        <SearchBox<CompanyHit>
          id="company-search"
          placeholder="Add Company"
          minChars={MIN_CHARS}
          debounceMs={DEBOUNCE_MS}
          search={editor!.lookups.companies}
          label={(h) => h.companyName}
          onPick={(h) => void pick(h)}
          disabled={editor!.uploading}
        />
      )}
    </div>
  );
}
