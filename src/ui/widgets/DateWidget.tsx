import { Button } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
// The picker's month caption, navigation and day grid are styled by Blueprint's datetime sheet.
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
// Passing the locale object avoids Blueprint's dynamic locale import, which fails under Vite.
import enUS from 'date-fns/locale/en-US';
import type { WidgetProps } from '@rjsf/utils';
import { localToday, useFormServices } from '../form/FormServices';
import { fromIsoDate, isUsHoliday, toIsoDate } from './isUsHoliday';
import { intentOf, widgetOptions } from './widgetOptions';

const MIN_DATE = new Date(1990, 0, 1);
const FAR_FUTURE = new Date(new Date().getFullYear() + 20, 11, 31);
const HOLIDAY_MODIFIERS = { holiday: isUsHoliday };
const HOLIDAY_CLASSES = { holiday: 'portal-holiday' };
/** Inline so the red does not depend on a stylesheet being loaded. */
const HOLIDAY_STYLES = { holiday: { color: '#cd4246' } };

const formatDate = (d: Date) => toIsoDate(d);
const parseDate = (text: string) => fromIsoDate(text.trim()) ?? false;

/**
 * A `YYYY-MM-DD` date with a calendar that marks US holidays in red. `x-ui.maxDate: "$now"` (or
 * "today") disables future days; `x-ui.clearable` (or `clear`) adds a Clear button.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange } = props;
  const o = widgetOptions(props);
  const { today } = useFormServices();
  const max = o.maxDate === 'today' || o.maxDate === '$now' ? fromIsoDate(today ?? localToday()) : o.maxDate ? fromIsoDate(o.maxDate) : null;
  const text = typeof value === 'string' ? value.slice(0, 10) : '';
  return (
    <DateInput
      value={text ? `${text}T00:00:00` : null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : undefined)}
      formatDate={formatDate}
      parseDate={parseDate}
      placeholder="YYYY-MM-DD"
      locale={enUS}
      minDate={MIN_DATE}
      maxDate={max ?? FAR_FUTURE}
      disabled={disabled || readonly}
      highlightCurrentDay
      canClearSelection
      outOfRangeMessage="Future dates are not allowed"
      dayPickerProps={{ modifiers: HOLIDAY_MODIFIERS, modifiersClassNames: HOLIDAY_CLASSES, modifiersStyles: HOLIDAY_STYLES }}
      inputProps={{ id, name: props.htmlName ?? id, intent: intentOf(props) }}
      rightElement={
        (o.clear || o.clearable) && text && !(disabled || readonly) ? (
          <Button variant="minimal" text="Clear" onClick={() => onChange(undefined)} />
        ) : undefined
      }
      popoverProps={{ placement: 'bottom-start' }}
    />
  );
}
