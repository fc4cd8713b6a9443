import { DatePicker } from '@blueprintjs/datetime';
// The picker's month caption, navigation and day grid are styled by Blueprint's datetime sheet.
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
// Passing the locale object avoids Blueprint's dynamic locale import, which fails under Vite.
import enUS from 'date-fns/locale/en-US';
import { isUsHoliday } from './isUsHoliday';

const MIN_DATE = new Date(1990, 0, 1);
const FAR_FUTURE = new Date(new Date().getFullYear() + 20, 11, 31);
const HOLIDAY_MODIFIERS = { holiday: isUsHoliday };
const HOLIDAY_CLASSES = { holiday: 'portal-holiday' };
/** Inline so the red does not depend on a stylesheet being loaded. */
const HOLIDAY_STYLES = { holiday: { color: '#cd4246' } };

export interface DateCalendarProps {
  value: Date | null;
  max: Date | null;
  /** A day the user picked (the field's Clear button and emptied text are how a date is removed). */
  onPick: (d: Date | null) => void;
}

/**
 * The date field's calendar (US holidays in red, no day after `max`): Blueprint's DatePicker with
 * react-day-picker and date-fns, loaded on a date field's first focus or opening (loadDateCalendar).
 */
export function DateCalendar({ value, max, onPick }: DateCalendarProps) {
  const maxDate = max ?? FAR_FUTURE;
  return (
    <DatePicker
      // A typed date the calendar cannot offer (a future entry date) shows as no selection: Blueprint
      // refuses a value outside its bounds with a console error; the field's message says why.
      value={value && value >= MIN_DATE && value <= maxDate ? value : null}
      onChange={(d, isUserChange) => isUserChange && onPick(d)}
      locale={enUS}
      minDate={MIN_DATE}
      maxDate={maxDate}
      highlightCurrentDay
      // Enter or a click on the day already chosen picks it again and closes the calendar: with
      // Blueprint's clearing on, opening the calendar to look and pressing Enter emptied the date.
      canClearSelection={false}
      dayPickerProps={{ modifiers: HOLIDAY_MODIFIERS, modifiersClassNames: HOLIDAY_CLASSES, modifiersStyles: HOLIDAY_STYLES }}
    />
  );
}
