import type { DateCalendar } from './DateCalendar';

export type DateCalendarComponent = typeof DateCalendar;

let loading: Promise<DateCalendarComponent> | undefined;
let loaded: DateCalendarComponent | undefined;

/**
 * The calendar's module (Blueprint's DatePicker, react-day-picker, date-fns: about a third of what
 * the editor preloads, issue 31 item 7), fetched once on first use. A failed fetch is forgotten, so
 * the next opening tries again.
 */
export function loadDateCalendar(): Promise<DateCalendarComponent> {
  loading ??= import('./DateCalendar').then(
    (m) => (loaded = m.DateCalendar),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The calendar when its module has arrived, else undefined. */
export const loadedDateCalendar = (): DateCalendarComponent | undefined => loaded;
