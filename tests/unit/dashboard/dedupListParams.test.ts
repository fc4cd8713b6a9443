import { describe, expect, it } from 'vitest';
import { readDedupQuery, writeDedupQuery, type DedupParamsConfig } from '../../../src/app/dashboards/dedupListParams';

const config: DedupParamsConfig = {
  defaults: { page: 1, perpage: 10, sorting_field: 'ID', sorting_direction: 'asc' },
  pageSizes: [10, 20, 30, 40, 50],
  sorts: ['ID', 'original_date'],
  search: { defaults: { query: '', by_id: true, by_subject: false }, toggles: [{ key: 'by_id' }, { key: 'by_subject' }] },
};

describe('the Deduplicates list state in the URL', () => {
  it('writes only what differs from the defaults and reads back the same state', () => {
    const defaults = readDedupQuery(new URLSearchParams(), config);
    expect(writeDedupQuery(defaults, config).toString()).toBe('');
    const q = { page: 3, perpage: 20, sorting_field: 'original_date', sorting_direction: 'desc' as const, search: { query: 'Re: sale', by_id: false, by_subject: true } };
    const url = writeDedupQuery(q, config);
    expect(url.toString()).toBe('q=Re%3A+sale&by=subject&sort=original_date&dir=desc&size=20&page=3');
    expect(readDedupQuery(url, config)).toEqual(q);
  });

  it('takes the default for anything malformed or unknown', () => {
    const q = readDedupQuery(new URLSearchParams('page=-2&size=7&sort=secret&dir=up&by='), config);
    expect(q).toEqual({ page: 1, perpage: 10, sorting_field: 'ID', sorting_direction: 'asc', search: { query: '', by_id: false, by_subject: false } });
  });
});
