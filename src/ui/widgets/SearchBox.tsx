import { InputGroup, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { ResultList } from './ResultList';
import { useDebouncedSearch } from './useDebouncedSearch';
import { useListKeys } from './useListKeys';

export interface SearchBoxProps<T> {
  id: string;
  placeholder: string;
  minChars: number;
  debounceMs: number;
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  label: (hit: T) => string;
  onPick: (hit: T) => void;
  disabled?: boolean;
}

/**
 * Search-as-you-type (company, affinity, panelist, publication) as a combobox: the results list
 * under the box, Down/Up to move, Enter or a click to pick, Escape to close; "No results." when a
 * search finds nothing.
 */
export function SearchBox<T>({ id, placeholder, minChars, debounceMs, search, label, onPick, disabled }: SearchBoxProps<T>) {
  const [text, setText] = useState('');
  const { results, loading, clear } = useDebouncedSearch(text, minChars, debounceMs, search);
  const pick = (hit: T) => {
    setText('');
    clear();
    onPick(hit);
  };
  const keys = useListKeys(results, pick, clear);
  const listId = `${id}-results`;
  const open = results !== null;
  return (
    <div className="portal-search-box">
      <InputGroup
        id={id}
        type="search"
        role="combobox"
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={keys.onKeyDown}
        rightElement={loading ? <Spinner size={16} /> : undefined}
        aria-label={placeholder}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && results.length ? `${listId}-${keys.active}` : undefined}
      />
      {open && <ResultList id={listId} label={`${placeholder} results`} items={results} active={keys.active} text={label} onPick={pick} className="portal-search-results" />}
    </div>
  );
}
