import { MenuItem } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { intentOf, optionIndex, widgetOptions } from './widgetOptions';

const renderItem: ItemRenderer<EnumOptionsType> = (o, { handleClick, handleFocus, modifiers }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={String(o.value)}
      text={o.label}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

const filterItem: ItemPredicate<EnumOptionsType> = (query, o) => o.label.toLowerCase().includes(query.toLowerCase());

/** A list of code ids shown as deletable chips, picked from a filterable menu. */
export function MultiSelectWidget(props: WidgetProps) {
  const { id, disabled, readonly, onChange } = props;
  const options = widgetOptions(props).enumOptions ?? [];
  const values: unknown[] = Array.isArray(props.value) ? props.value : [];
  const selected = values.map((v) => options[optionIndex(options, v)] ?? { value: v, label: String(v) });
  const isSelected = (o: EnumOptionsType) => values.some((v) => String(v) === String(o.value));
  const toggle = (o: EnumOptionsType) =>
    onChange(isSelected(o) ? values.filter((v) => String(v) !== String(o.value)) : [...values, o.value]);
  return (
    <MultiSelect<EnumOptionsType>
      items={options}
      selectedItems={selected}
      itemRenderer={renderItem}
      itemPredicate={filterItem}
      itemsEqual={(a, b) => String(a.value) === String(b.value)}
      tagRenderer={(o) => o.label}
      onItemSelect={toggle}
      onRemove={(_o, index) => onChange(values.filter((_v, i) => i !== index))}
      disabled={disabled || readonly}
      resetOnSelect
      fill
      noResults={<MenuItem disabled text="No results." roleStructure="listoption" />}
      popoverProps={{ minimal: true }}
      tagInputProps={{ inputProps: { id }, intent: intentOf(props), tagProps: { minimal: true } }}
    />
  );
}
