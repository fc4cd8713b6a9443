import { memo, type ReactNode } from 'react';
import { PlainControl } from '../plain/PlainControl';
import { PlainInput } from '../plain/PlainInput';
import { PlainSelect } from '../plain/PlainSelect';
import type { CodeEntry, SearchField } from './dashboardTypes';
import type { Criteria } from './searchRules';

export interface SearchFormFieldProps {
  field: SearchField;
  value: Criteria;
  onEdit: (field: string, value: unknown) => void;
  onSearch: () => void;
  /** The named option list this field's x-ui.options refers to, if any. */
  list: Array<{ value: string; label: string }> | undefined;
  flags: string[];
  days: string[];
  months: string[];
  years: string[];
  codeEntries: (ref: string | undefined) => CodeEntry[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The criteria keys a field reads (a date-parts field reads its three parts). */
const keysOf = (f: SearchField): string[] => (f.ui.widget === 'date-parts' ? ((f.ui.fields as string[]) ?? []) : [f.key]);

/**
 * Re-render a field only when what it shows changed: a states list arriving or one box ticked
 * redraws that field, not the ~40 inputs of the form (each input's update costs a DOM write pass;
 * issue 17, first load).
 */
const same = (a: SearchFormFieldProps, b: SearchFormFieldProps) =>
  a.field === b.field &&
  a.onEdit === b.onEdit &&
  a.onSearch === b.onSearch &&
  a.list === b.list &&
  a.flags === b.flags &&
  a.days === b.days &&
  a.months === b.months &&
  a.years === b.years &&
  a.codeEntries === b.codeEntries &&
  keysOf(a.field).every((k) => a.value[k] === b.value[k]);

/**
 * One search-form input by its x-ui.widget, drawn with Blueprint's CSS API (plain elements with its
 * classes: the same look, labels and ARIA as Switch, Checkbox, HTMLSelect and InputGroup).
 */
export const SearchFormField = memo(function SearchFormField({ field: f, value, onEdit, onSearch, list, flags, days, months, years, codeEntries }: SearchFormFieldProps): ReactNode {
  const w = String(f.ui.widget ?? 'text');
  switch (w) {
    case 'toggle':
    case 'checkbox':
      return <PlainControl kind={w === 'toggle' ? 'switch' : 'checkbox'} inline label={f.title} checked={value[f.key] === true} onChange={(e) => onEdit(f.key, e.currentTarget.checked)} />;
    case 'flags': {
      // A list offering no flags (spacey) shows no orphan 'Flags:' label either (issue 28 item 9).
      if (flags.length === 0) return null;
      const chosen = Array.isArray(value[f.key]) ? (value[f.key] as string[]) : [];
      return (
        <span className="search-form__flags" role="group" aria-label={f.title}>
          <span className="search-form__label">{f.title}:</span>
          {flags.map((flag) => (
            <PlainControl
              key={flag}
              kind="checkbox"
              inline
              label={flag}
              checked={chosen.includes(flag)}
              onChange={(e) => onEdit(f.key, e.currentTarget.checked ? [...chosen, flag] : chosen.filter((x) => x !== flag))}
            />
          ))}
        </span>
      );
    }
    case 'date-parts': {
      const [d, m, y] = (f.ui.fields as string[]) ?? [];
      const sel = (key: string, label: string, opts: string[]) => (
        <PlainSelect key={key} aria-label={`${f.title} ${label}`} value={str(value[key])} onChoose={(v) => onEdit(key, v)} options={[{ value: '', label }, ...opts.map((o) => ({ value: o, label: o }))]} />
      );
      return (
        <span className="search-form__date">
          <span className="search-form__label">{f.title}:</span>
          {sel(m, 'Month', months)}
          {sel(d, 'Day', days)}
          {sel(y, 'Year', years)}
        </span>
      );
    }
    case 'select': {
      const opts = f.ref ? codeEntries(f.ref).map((e) => ({ value: String(e.const), label: e.title })) : (list ?? []);
      const withEmpty = f.ui.empty ? [{ value: '', label: String(f.ui.empty) }, ...opts] : opts;
      return (
        <label className="search-form__select">
          <span className="search-form__label">{f.title}</span>
          <PlainSelect aria-label={f.title} value={str(value[f.key])} onChoose={(v) => onEdit(f.key, v)} options={withEmpty} />
        </label>
      );
    }
    default:
      return (
        <PlainInput
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
}, same);
