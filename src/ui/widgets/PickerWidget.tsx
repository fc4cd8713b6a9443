import { InputGroup, Spinner, Tag } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { useFormServices, type LookupOption } from '../form/FormServices';
import { ResultList } from './ResultList';
import { useListKeys } from './useListKeys';
import { widgetOptions } from './widgetOptions';

/** Defaults when x-ui gives none: search after 2 characters, 300 ms after the last keystroke. */
export const PICKER_DEFAULTS = { minChars: 2, debounce: 300 };

/**
 * Search-as-you-type: after `x-ui.minChars` characters and `x-ui.debounce` ms without typing, asks the
 * lookup named by `x-ui.lookup` and lists the results; choosing one (a click, or Down/Up and Enter)
 * sets the value (or appends it when the field is a list). Earlier requests are aborted.
 */
export function PickerWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, schema } = props;
  const o = widgetOptions(props);
  const { lookups } = useFormServices();
  const minChars = o.minChars ?? PICKER_DEFAULTS.minChars;
  const debounce = o.debounce ?? PICKER_DEFAULTS.debounce;
  const lookup = o.lookup ? lookups[o.lookup] : undefined;
  const [text, setText] = useState('');
  const [results, setResults] = useState<LookupOption[] | null>(null);
  const [busy, setBusy] = useState(false);
  const labels = useRef(new Map<string, string>());

  useEffect(() => {
    if (!lookup || text.trim().length < minChars) {
      setResults(null);
      return undefined;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      setBusy(true);
      lookup(text.trim(), ctrl.signal)
        .then((r) => !ctrl.signal.aborted && setResults(r))
        .catch(() => !ctrl.signal.aborted && setResults([]))
        .finally(() => !ctrl.signal.aborted && setBusy(false));
    }, debounce);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, lookup, minChars, debounce]);

  const isList = schema.type === 'array';
  const chosen: unknown[] = isList ? (Array.isArray(value) ? value : []) : value == null ? [] : [value];
  const labelOf = (v: unknown) => labels.current.get(JSON.stringify(v)) ?? (typeof v === 'object' ? JSON.stringify(v) : String(v));
  const choose = (r: LookupOption) => {
    labels.current.set(JSON.stringify(r.value), r.label);
    onChange(isList ? [...chosen, r.value] : r.value);
    setText('');
    setResults(null);
  };
  const keys = useListKeys(results, choose, () => setResults(null));
  const listId = `${id}-results`;
  const off = disabled || readonly;
  return (
    <div className="portal-picker">
      {chosen.length > 0 && (
        <div className="portal-picker-chosen">
          {chosen.map((v, i) => (
            <Tag
              key={i}
              minimal
              onRemove={off ? undefined : () => onChange(isList ? chosen.filter((_x, j) => j !== i) : undefined)}
            >
              {labelOf(v)}
            </Tag>
          ))}
        </div>
      )}
      <InputGroup
        id={id}
        type="search"
        leftIcon="search"
        value={text}
        disabled={off}
        placeholder={typeof o.placeholder === 'string' ? o.placeholder : 'Search'}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={keys.onKeyDown}
        rightElement={busy ? <Spinner size={16} /> : undefined}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={!!results}
        aria-controls={results ? listId : undefined}
        aria-activedescendant={results?.length ? `${listId}-${keys.active}` : undefined}
      />
      {results && <ResultList id={listId} label={`${props.label} results`} items={results} active={keys.active} text={(r) => r.label} onPick={choose} className="portal-picker-results" />}
    </div>
  );
}
