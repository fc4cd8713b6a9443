import { Button, Checkbox, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CodeEntry, SearchField } from './dashboardTypes';
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

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A search form drawn from its schema (schemas/dashboards/*_search.json): x-ui.widget picks each input. */
export function SearchForm({ fields, value, onEdit, onSearch, onClear, lists, flags, days, months, years, codeEntries }: SearchFormProps) {
  const widget = (f: SearchField): ReactNode => {
    const w = String(f.ui.widget ?? 'text');
    switch (w) {
      case 'toggle':
        return <Switch key={f.key} inline label={f.title} checked={value[f.key] === true} onChange={(e) => onEdit(f.key, e.currentTarget.checked)} />;
      case 'checkbox':
        return <Checkbox key={f.key} inline label={f.title} checked={value[f.key] === true} onChange={(e) => onEdit(f.key, e.currentTarget.checked)} />;
      case 'flags': {
        const chosen = Array.isArray(value[f.key]) ? (value[f.key] as string[]) : [];
        return (
          <span key={f.key} className="search-form__flags" role="group" aria-label={f.title}>
            <span className="search-form__label">{f.title}:</span>
            {flags.map((flag) => (
              <Checkbox key={flag} inline label={flag} checked={chosen.includes(flag)} onChange={(e) => onEdit(f.key, e.currentTarget.checked ? [...chosen, flag] : chosen.filter((x) => x !== flag))} />
            ))}
          </span>
        );
      }
      case 'date-parts': {
        const [d, m, y] = (f.ui.fields as string[]) ?? [];
        const sel = (key: string, label: string, opts: string[]) => (
          <HTMLSelect key={key} aria-label={`${f.title} ${label}`} value={str(value[key])} onChange={(e) => onEdit(key, e.currentTarget.value)} options={[{ value: '', label }, ...opts.map((o) => ({ value: o, label: o }))]} />
        );
        return (
          <span key={f.key} className="search-form__date">
            <span className="search-form__label">{f.title}:</span>
            {sel(m, 'Month', months)}
            {sel(d, 'Day', days)}
            {sel(y, 'Year', years)}
          </span>
        );
      }
      case 'select': {
        const opts = f.ref ? codeEntries(f.ref).map((e) => ({ value: String(e.const), label: e.title })) : (lists[String(f.ui.options)] ?? []);
        const withEmpty = f.ui.empty ? [{ value: '', label: String(f.ui.empty) }, ...opts] : opts;
        return (
          <label key={f.key} className="search-form__select">
            <span className="search-form__label">{f.title}</span>
            <HTMLSelect aria-label={f.title} value={str(value[f.key])} onChange={(e) => onEdit(f.key, e.currentTarget.value)} options={withEmpty} />
          </label>
        );
      }
      default:
        return (
          <InputGroup
            key={f.key}
            aria-label={f.title}
            placeholder={String(f.ui.placeholder ?? f.title)}
            value={str(value[f.key])}
            onValueChange={(v) => onEdit(f.key, v)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onSearch();
            }}
            style={{ width: Number(f.ui.width ?? 220) }}
          />
        );
    }
  };

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
          <span key={g} className={`search-form__group search-form__group--${g}`} role="group" aria-label={g}>
            {fs.map(widget)}
          </span>
        ) : (
          widget(fs[0])
        ),
      )}
      <Button type="submit" intent="primary" icon="search" text="Search" />
      <Button type="button" icon="eraser" text="Clear" onClick={onClear} />
    </form>
  );
}
