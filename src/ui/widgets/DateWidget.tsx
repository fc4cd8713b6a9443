import { Button, Classes, PopoverNext } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { localToday, useFormServices } from '../form/FormServices';
import { formatUsDate } from './formatUsDate';
import { fromIsoDate, toIsoDate } from './isUsHoliday';
import { loadDateCalendar, loadedDateCalendar } from './loadDateCalendar';
import { parseTypedDate } from './parseTypedDate';
import { intentOf, widgetOptions } from './widgetOptions';

export const DATE_FORMAT_HINT = 'MM/DD/YYYY';
export const INVALID_DATE = `Enter the date as ${DATE_FORMAT_HINT}`;
export const FUTURE_DATE = 'Future dates are not allowed';

/**
 * A date typed as `MM/DD/YYYY` (or `YYYY-MM-DD`) and stored as `YYYY-MM-DD`, with a calendar that
 * marks US holidays in red. One Tab stop: the calendar opens with Alt+Down (or a click, for the
 * mouse), arrows move between days, Enter picks and returns to the field, Escape closes. A typed
 * text that is no date stays visible beside its message (the value is then empty); a future date
 * under `x-ui.maxDate: "$now"` is kept and flagged. `x-ui.clearable` (or `clear`) adds Clear.
 * Typing needs no calendar: its module is fetched when a date field is first focused or opened.
 */
export function DateWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange } = props;
  const o = widgetOptions(props);
  const { today } = useFormServices();
  const max = o.maxDate === 'today' || o.maxDate === '$now' ? fromIsoDate(today ?? localToday()) : o.maxDate ? fromIsoDate(o.maxDate) : null;
  const stored = typeof value === 'string' ? value.slice(0, 10) : '';
  // Text being typed, or a committed text that is no date; null shows the stored value.
  const [typed, setTyped] = useState<{ text: string; committed: boolean } | null>(null);
  const [open, setOpen] = useState(false);
  // Whether the calendar's popover has been mounted: from its first opening on.
  const [popover, setPopover] = useState(false);
  const [Calendar, setCalendar] = useState(loadedDateCalendar);
  // Whether the calendar should be open once its module has arrived (a close before that cancels).
  const wanted = useRef(false);
  const openCalendar = () => {
    wanted.current = true;
    if (Calendar) {
      setPopover(true);
      setOpen(true);
      return;
    }
    loadDateCalendar().then(
      (loaded) => {
        setCalendar(() => loaded);
        if (!wanted.current) return;
        setPopover(true);
        setOpen(true);
      },
      // The field stays usable by typing; the next opening fetches again.
      () => (wanted.current = false),
    );
  };
  const close = () => {
    wanted.current = false;
    setOpen(false);
  };
  const target = useRef<HTMLSpanElement | null>(null);
  const pressedInField = (e: SyntheticEvent<HTMLElement> | Event | undefined) => {
    const native = e && 'nativeEvent' in e ? e.nativeEvent : e;
    return native instanceof MouseEvent && native.target instanceof Node && !!target.current?.contains(native.target);
  };
  const input = useRef<HTMLInputElement | null>(null);
  const calendar = useRef<HTMLDivElement | null>(null);
  // Opened with Alt+Down: the focus goes into the calendar and comes back to the field.
  const byKey = useRef(false);
  const sent = useRef(stored);
  // A value set from outside (a derive rule, a reload) replaces whatever was typed.
  useEffect(() => {
    if (stored !== sent.current) {
      sent.current = stored;
      setTyped(null);
    }
  }, [stored]);

  const send = (iso: string | undefined) => {
    sent.current = iso ?? '';
    if ((iso ?? '') !== stored) onChange(iso);
  };
  const commit = () => {
    if (!typed || typed.committed) return;
    if (!typed.text.trim()) {
      setTyped(null);
      send(undefined);
      return;
    }
    const iso = parseTypedDate(typed.text);
    setTyped(iso ? null : { text: typed.text, committed: true });
    send(iso ?? undefined);
  };
  const pick = (d: Date | null) => {
    setTyped(null);
    send(d ? toIsoDate(d) : undefined);
    close();
    // After the calendar has moved its own focus to the day picked.
    setTimeout(() => input.current?.focus(), 0);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') commit();
    else if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      byKey.current = true;
      openCalendar();
    }
  };

  const off = disabled || readonly;
  const storedDate = stored ? fromIsoDate(stored) : null;
  const message = typed?.committed ? INVALID_DATE : !typed && storedDate && max && storedDate > max ? FUTURE_DATE : null;
  const messageId = `${id}__date-message`;
  const danger = !!message || intentOf(props) === 'danger';
  const clearable = !!(o.clear || o.clearable) && !!(stored || typed) && !off;
  // The input group, drawn directly: Blueprint's InputGroup reads its right element's width on
  // mount, a forced layout of the whole form in the first draw's commit. The calendar button fits
  // Blueprint's default padding; with Clear the padding is set in form.css.
  const group = (
    <div className={`${Classes.INPUT_GROUP}${danger ? ` ${Classes.INTENT_DANGER}` : ''}${off ? ` ${Classes.DISABLED}` : ''}`}>
      <input
        id={id}
        name={props.htmlName ?? id}
        ref={input}
        type="text"
        className={`${Classes.INPUT}${clearable ? ' portal-date-input-clearable' : ''}`}
        value={typed?.text ?? (stored ? formatUsDate(stored) : '')}
        placeholder={DATE_FORMAT_HINT}
        title={`${DATE_FORMAT_HINT}; Alt+Down opens the calendar`}
        autoComplete="off"
        disabled={off}
        aria-disabled={off}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(e) => setTyped({ text: e.target.value, committed: false })}
        // A click opens the calendar for the mouse; Tab passes through (the calendar closes as the focus leaves).
        onClick={() => {
          byKey.current = false;
          openCalendar();
        }}
        onBlur={(e) => {
          commit();
          if (!calendar.current?.contains(e.relatedTarget as Node | null)) close();
        }}
        onFocus={() => void loadDateCalendar().catch(() => undefined)}
        onKeyDown={onKeyDown}
      />
      <span className={Classes.INPUT_ACTION}>
        {clearable ? <Button variant="minimal" text="Clear" tabIndex={-1} onClick={() => pick(null)} /> : null}
        <Button variant="minimal" icon="calendar" aria-label="Open calendar" aria-haspopup="dialog" aria-expanded={open} tabIndex={-1} disabled={off} onClick={() => (open ? close() : openCalendar())} />
      </span>
    </div>
  );
  return (
    <div className="portal-date">
      <span ref={target} className="portal-date-target">
        {group}
        {/* The popover mounts the first time the calendar opens (a closed PopoverNext per date
            field was a large part of a new product's first draw, issue 31 item 7) and anchors
            to a box over the input group, so the input itself is never remounted. */}
        {popover && Calendar ? (
          <PopoverNext
            isOpen={open && !off}
            // A press on the field or its buttons is theirs to handle (the anchor is not the field).
            onInteraction={(next, e) => (next || !pressedInField(e)) && (next ? setOpen(true) : close())}
            placement="bottom-start"
            autoFocus={false}
            enforceFocus={false}
            shouldReturnFocusOnClose={false}
            // Keyboard users land on the selected (or today's) day; closing gives the field its focus back
            // unless a click took it elsewhere.
            onOpened={(node) => byKey.current && node.querySelector<HTMLElement>('.rdp-day[tabindex="0"], .rdp-day_selected, .rdp-day_today')?.focus()}
            onClosed={() => {
              const active = document.activeElement;
              if (byKey.current && (!active || active === document.body || !active.isConnected)) input.current?.focus();
              byKey.current = false;
            }}
            content={
              <div ref={calendar}>
                <Calendar value={storedDate} max={max} onPick={pick} />
              </div>
            }
            // The popover's ARIA state belongs to the calendar button, not to the anchor.
            renderTarget={({ ref }) => <span ref={ref} className="portal-date-anchor" aria-hidden="true" />}
          />
        ) : null}
      </span>
      {message && (
        <span id={messageId} className="portal-date-message" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}
