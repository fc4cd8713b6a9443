import { InputGroup, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useDebouncedSearch } from './useDebouncedSearch';

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

/** Search-as-you-type with a clickable result list (company, affinity, panelist, publication). */
export function SearchBox<T>({ id, placeholder, minChars, debounceMs, search, label, onPick, disabled }: SearchBoxProps<T>) {
  const [text, setText] = useState('');
  const { results, loading } = useDebouncedSearch(text, minChars, debounceMs, search);
  return (
    <div className="portal-search-box">
      <InputGroup
        id={id}
        type="search"
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        rightElement={loading ? <Spinner size={16} /> : undefined}
        aria-label={placeholder}
      />
      {results.length > 0 && (
        <Menu className="portal-search-results" aria-label={`${placeholder} results`} style={{ maxHeight: 240, overflow: 'auto' }}>
          {results.map((hit, i) => (
            <MenuItem
              key={i}
              text={label(hit)}
              onClick={() => {
                setText('');
                onPick(hit);
              }}
            />
          ))}
        </Menu>
      )}
    </div>
  );
}
