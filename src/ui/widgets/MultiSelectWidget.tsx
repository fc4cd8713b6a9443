import { Classes, MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { intentOf, optionIndex, widgetOptions } from './widgetOptions';

/**
 * A menu option, ticked (aria-selected) when it is already one of the chips: picking it again
 * removes it, which must show before the pick (typing a chosen name and Enter silently took it away).
 */
const itemRenderer =
  (isSelected: (o: EnumOptionsType) => boolean): ItemRenderer<EnumOptionsType> =>
  (o, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={String(o.value)}
        text={o.label}
        active={modifiers.active}
        disabled={modifiers.disabled}
        selected={isSelected(o)}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    ) : null;

const filterItem: ItemPredicate<EnumOptionsType> = (query, o) => o.label.toLowerCase().includes(query.toLowerCase());

/** How the plain stand-in was left for the real control: hovered, or focused (the focus moves on). */
type Armed = false | 'hover' | 'focus';

/**
 * A list of code ids shown as deletable chips, picked from a filterable menu. While it holds no
 * chips and nobody has touched it, Blueprint's closed markup is drawn directly: a MultiSelect
 * mounts a popover, a tag input and a query list, the largest part of a new product's first draw
 * (issue 31 item 7). Hovering, focusing or pressing it mounts the real control in its place; the
 * focus moves over to it.
 */
export function MultiSelectWidget(props: WidgetProps) {
  const [armed, setArmed] = useState<Armed>(false);
  const values: unknown[] = Array.isArray(props.value) ? props.value : [];
  // Chips make it the real control for good: removing the last one keeps the focus where it is.
  if (!armed && values.length > 0) setArmed('hover');
  if (armed || values.length > 0) return <ArmedMultiSelect {...props} armed={armed} />;
  const off = !!(props.disabled || props.readonly);
  const danger = intentOf(props) === 'danger';
  return (
    <div
      aria-autocomplete="list"
      className={`${Classes.POPOVER_TARGET} ${Classes.FILL}`}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-disabled={off}
      role="combobox"
      onPointerEnter={() => setArmed((a) => a || 'hover')}
      onPointerDown={() => setArmed('focus')}
      onFocus={() => setArmed('focus')}
    >
      <div className={`${Classes.INPUT} ${Classes.TAG_INPUT} ${Classes.FILL}${danger ? ` ${Classes.INTENT_DANGER}` : ''}${off ? ` ${Classes.DISABLED}` : ''} ${MULTISELECT}`}>
        <div className={Classes.TAG_INPUT_VALUES}>
          <input id={props.id} className={`${Classes.INPUT_GHOST} ${MULTISELECT}-tag-input-input`} placeholder="Search..." value="" disabled={off} readOnly />
        </div>
      </div>
    </div>
  );
}

/** @blueprintjs/select's MultiSelect class (select's Classes are not re-exported by core). */
const MULTISELECT = `${Classes.getClassNamespace()}-multi-select`;

function ArmedMultiSelect(props: WidgetProps & { armed: Armed }) {
  const { id, disabled, readonly, onChange } = props;
  // The stand-in had the focus: it went with the removed input, the real one takes it.
  const focused = useRef(props.armed === 'focus');
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (focused.current && (!active || active === document.body || !active.isConnected)) document.getElementById(id)?.focus();
    focused.current = false;
  }, [id]);
  const options = widgetOptions(props).enumOptions ?? [];
  const values: unknown[] = Array.isArray(props.value) ? props.value : [];
  const selected = values.map((v) => options[optionIndex(options, v)] ?? { value: v, label: String(v) });
  const isSelected = (o: EnumOptionsType) => values.some((v) => String(v) === String(o.value));
  // Blueprint's MultiSelect blurs its input on Escape (that is how it closes the list): the focus fell to
  // the page and the next Tab started again from the top of the product. The input takes it back, once
  // the list is closed for good: Blueprint checks in the next frame whether its input has the focus and
  // reopens the list if so, then reports the close to popoverProps.onInteraction.
  const escaped = useRef(false);
  const refocus = () => document.getElementById(id)?.focus();
  const keepFocusOnEscape = (e: KeyboardEvent<HTMLElement>) => {
    // Blueprint passes its keyup to this handler too; the keydown is the one that blurred.
    if (e.type !== 'keydown' || e.key !== 'Escape' || disabled || readonly) return;
    if (e.currentTarget.getAttribute('aria-expanded') === 'true') escaped.current = true;
    else {
      refocus();
      // Blueprint stops every Escape, so that a dialog around an open list stays open; with the list
      // closed the field has nothing to close, and the Escape goes on to what holds it (a dialog
      // closes). Sent from the field's parent: its own handler does not see it again.
      e.currentTarget.parentElement?.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
    }
  };
  const onInteraction = (open: boolean) => {
    if (open || !escaped.current) return;
    escaped.current = false;
    refocus();
  };
  const toggle = (o: EnumOptionsType) =>
    onChange(isSelected(o) ? values.filter((v) => String(v) !== String(o.value)) : [...values, o.value]);
  return (
    <MultiSelect<EnumOptionsType>
      items={options}
      selectedItems={selected}
      itemRenderer={itemRenderer(isSelected)}
      itemPredicate={filterItem}
      itemsEqual={(a, b) => String(a.value) === String(b.value)}
      tagRenderer={(o) => o.label}
      onItemSelect={toggle}
      onRemove={(_o, index) => onChange(values.filter((_v, i) => i !== index))}
      disabled={disabled || readonly}
      resetOnSelect
      fill
      noResults={<MenuItem disabled text="No results." roleStructure="listoption" />}
      popoverProps={{ minimal: true, onInteraction }}
      popoverTargetProps={{ onKeyDown: keepFocusOnEscape }}
      tagInputProps={{ inputProps: { id }, intent: intentOf(props), tagProps: { minimal: true } }}
    />
  );
}
