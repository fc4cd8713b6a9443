import { describe, expect, it } from 'vitest';
import { appliedSearch, listQuery, readListState, searchDiff, writeListState, type ListParamsConfig } from '../../../src/app/dashboards/emailListParams';
import { defaultDateRange } from '../../../src/shared/defaultDateRange';
import { returnTarget, withReturn } from '../../../src/app/dashboards/listReturn';

const searchDefaults = { query: '', by_subject: true, by_id: false, from_day: '', from_month: '', from_year: '', to_day: '', to_month: '', to_year: '', show_blank: true, show_junk: false, flags: [] as string[], country: 'US' };
const config: ListParamsConfig = {
  defaults: { page: 1, perpage: 10, sorting_field: 'email_date', sorting_direction: 'desc', dashboard: 'focus' },
  dashboards: ['focus', 'glacier', 'copy'],
  pageSizes: [10, 20, 30, 40, 50],
  sortFields: ['muid', 'email_date', 'email_subject'],
  criteriaFor: (dashboard, newestDay) => ({
    ...searchDefaults,
    ...(dashboard === 'glacier' ? { show_blank: false, show_junk: true } : {}),
    ...(newestDay ? { from_day: '27', from_month: '10', from_year: '2026', to_day: '26', to_month: '11', to_year: '2026' } : {}),
  }),
};

describe('the list state in the URL (issue 28 item 1)', () => {
  it('keeps the default list at a bare URL', () => {
    const state = readListState(new URLSearchParams(''), config);
    expect(state).toEqual({ dashboard: 'focus', page: 1, perpage: 10, sorting_field: 'email_date', sorting_direction: 'desc', search: {} });
    expect(writeListState(state, config).toString()).toBe('');
  });

  it('round-trips a search from 01/01/1993 for "a", 20 a page, sorted by ID ascending, page 2', () => {
    const defaults = config.criteriaFor('focus', '2026-11-26');
    const typed = { ...defaults, query: 'a', from_day: '01', from_month: '01', from_year: '1993' };
    const state = { dashboard: 'focus' as const, page: 2, perpage: 20, sorting_field: 'muid' as const, sorting_direction: 'asc' as const, search: searchDiff(typed, defaults) };
    const url = writeListState(state, config).toString();
    expect(url).toBe('query=a&from_day=01&from_month=01&from_year=1993&size=20&sort=muid&dir=asc&page=2');
    const back = readListState(new URLSearchParams(url), config);
    expect(back).toEqual(state);
    expect(appliedSearch(back, config, '2026-11-26')).toEqual(typed);
  });

  it('writes a whole date when any part of it changed', () => {
    const defaults = config.criteriaFor('focus', '2026-11-26');
    expect(searchDiff({ ...defaults, from_year: '1993' }, defaults)).toEqual({ from_day: '27', from_month: '10', from_year: '1993' });
  });

  it('encodes booleans and lists, and reads them back by the type of the default', () => {
    const defaults = config.criteriaFor('glacier', null);
    const state = { ...readListState(new URLSearchParams(''), config), dashboard: 'glacier' as const, search: searchDiff({ ...defaults, by_id: true, by_subject: false, flags: ['C', 'EN'] }, defaults) };
    const url = writeListState(state, config);
    expect(url.toString()).toBe('dashboard=glacier&by_subject=0&by_id=1&flags=C%2CEN');
    expect(readListState(url, config).search).toEqual({ by_id: true, by_subject: false, flags: ['C', 'EN'] });
  });

  it("leaves the default dates to the server, so the list's request and cache key need no newest day (issue 31 item 7)", () => {
    const bare = listQuery(readListState(new URLSearchParams(''), config), config, 'all');
    expect(bare.search).toEqual({ query: '', by_subject: true, by_id: false, show_blank: true, show_junk: false, flags: [], country: 'US', default_dates: true });
    expect(bare.request).toEqual({ page: 1, perpage: 10, panelist: 'all', dashboard: 'focus', sorting_field: 'email_date', sorting_direction: 'desc' });
    // A date the URL gives (even cleared) is sent as given; only the other one is left to the server.
    const from = listQuery(readListState(new URLSearchParams('from_day=01&from_month=01&from_year=1993&query=a'), config), config, 'consumer');
    expect(from.search).toMatchObject({ query: 'a', from_day: '01', from_month: '01', from_year: '1993', default_dates: true });
    expect(from.search).not.toHaveProperty('to_day');
    const cleared = listQuery(readListState(new URLSearchParams('from_day=&from_month=&from_year=&to_day=&to_month=&to_year='), config), config, 'all');
    expect(cleared.search).toMatchObject({ from_day: '', to_year: '' });
    expect(cleared.search).not.toHaveProperty('default_dates');
  });

  it('falls back to the defaults for values the list does not offer', () => {
    const state = readListState(new URLSearchParams('dashboard=other&page=0&size=7&sort=password&dir=up'), config);
    expect(state).toMatchObject({ dashboard: 'focus', page: 1, perpage: 10, sorting_field: 'email_date', sorting_direction: 'desc' });
  });
});

describe('returning to the list an email was opened from', () => {
  it('carries the list in `from` and leads back to it', () => {
    const path = withReturn('/emailEditor/7', { pathname: '/consumer', search: '?query=a&page=2' });
    expect(path).toBe('/emailEditor/7?from=%2Fconsumer%3Fquery%3Da%26page%3D2');
    expect(returnTarget(new URL(path, 'http://x').searchParams)).toBe('/consumer?query=a&page=2');
    expect(withReturn('/email/7?efid=3', { pathname: '/', search: '?dashboard=glacier' })).toBe('/email/7?efid=3&from=%2F%3Fdashboard%3Dglacier');
  });

  it('keeps the default list plain and never leads off the portal', () => {
    expect(withReturn('/emailEditor/7', { pathname: '/', search: '' })).toBe('/emailEditor/7');
    for (const from of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(returnTarget(new URLSearchParams({ from }))).toBe('/');
    }
  });
});

describe('defaultDateRange (000 §9: the last 30 days up to the newest email)', () => {
  it('counts back from the newest day across months and years, none without a newest day', () => {
    expect(defaultDateRange('2026-11-26', 30)).toEqual({ from_day: '27', from_month: '10', from_year: '2026', to_day: '26', to_month: '11', to_year: '2026' });
    expect(defaultDateRange('2024-01-15', 30)).toEqual({ from_day: '16', from_month: '12', from_year: '2023', to_day: '15', to_month: '01', to_year: '2024' });
    expect(defaultDateRange(null, 30)).toBeNull();
    expect(defaultDateRange('2024-01-15', 0)).toBeNull();
  });
});
