import { Checkbox } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

/**
 * RJSF `CheckboxesWidget` (`ui:widget: "checkboxes"`): one Blueprint checkbox per option of a
 * list's enum, in the options' order (`ui:options.inline` lays them out in a row).
 */
export function BlueprintCheckboxesWidget({ id, label, value, disabled, readonly, options, onChange }: WidgetProps) {
  const choices = (options.enumOptions ?? []) as Array<{ value: unknown; label: string }>;
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (v: unknown, on: boolean) => onChange(choices.map((c) => c.value).filter((x) => (x === v ? on : chosen.includes(x))));
  return (
    <div id={id} role="group" aria-label={label}>
      {choices.map((c, i) => (
        <Checkbox
          key={String(c.value)}
          id={`${id}-${i}`}
          inline={options.inline === true}
          label={c.label}
          checked={chosen.includes(c.value)}
          disabled={disabled || readonly}
          onChange={(e) => toggle(c.value, e.currentTarget.checked)}
        />
      ))}
    </div>
  );
}
