import { PlainButton } from '../plain/PlainButton';
import type { CodeEntry, SearchField } from './dashboardTypes';
import { SearchFormField } from './SearchFormField';
import type { Criteria } from './searchRules';

export interface SearchLists {
  /** Named option lists a select field's x-ui.options refers to (states, partition...). */
  [name: string]: Array<{ value: string; label: string }>;
}

interface SearchFormProps {
  fields: SearchField[];
  value: Criteria;
  onEdit: (field: string, value: unknown) => void;
  onSearch: () => void;
  onClear: () => void;
  lists: SearchLists;
  /** The flags offered (000 §2: producer ID/PT/PN, otherwise C, EN, ...). */
  flags: string[];
  days: string[];
  months: string[];
  years: string[];
  /** The entries of the code table a field's `$ref` names (the screen reads its metadata). */
  codeEntries: (ref: string | undefined) => CodeEntry[];
}

/**
 * A search form drawn from its schema (schemas/dashboards/*_search.json): x-ui.widget picks each
 * input (SearchFormField). Give it stable callbacks: each field then redraws only when its own
 * values or options change.
 */
export function SearchForm({ fields, value, onEdit, onSearch, onClear, lists, flags, days, months, years, codeEntries }: SearchFormProps) {
  const widget = (f: SearchField) => (
    <SearchFormField
      key={f.key}
      field={f}
      value={value}
      onEdit={onEdit}
      onSearch={onSearch}
      list={f.ui.options === undefined ? undefined : lists[String(f.ui.options)]}
      flags={flags}
      days={days}
      months={months}
      years={years}
      codeEntries={codeEntries}
    />
  );
  const groups = new Map<string, SearchField[]>();
  for (const f of fields) {
    const g = String(f.ui.group ?? f.key);
    groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  return (
    <form
      className="search-form"
      aria-label="Search emails"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
    >
      {[...groups.entries()].map(([g, fs]) =>
        fs.length > 1 ? (
          <span key={g} className={`search-form__group search-form__group--${g}`} role="group" aria-label={String(fs[0].ui.groupTitle ?? g)}>
            {fs.map(widget)}
          </span>
        ) : (
          widget(fs[0])
        ),
      )}
      {/* Search and Clear wrap to a new line together. */}
      <span className="search-form__group search-form__actions">
        <PlainButton type="submit" intent="primary" icon="search" text="Search" />
        <PlainButton icon="eraser" text="Clear" onClick={onClear} />
      </span>
    </form>
  );
}
