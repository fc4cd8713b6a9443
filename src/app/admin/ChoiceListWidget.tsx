import { Checkbox } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';

/**
 * Several choices among options known only at run time (`ui:options.choices`, e.g. the sectors a
 * role may use, by title), kept out of the schema so the schema stays precompiled; the value is the
 * chosen values in the choices' order.
 */
export function ChoiceListWidget({ id, value, disabled, readonly, options, onChange }: WidgetProps) {
  const choices = (options.choices ?? []) as Array<{ value: number | string; label: string }>;
  const chosen = Array.isArray(value) ? (value as unknown[]) : [];
  const toggle = (v: number | string, on: boolean) => onChange(choices.map((c) => c.value).filter((x) => (x === v ? on : chosen.includes(x))));
  return (
    <div id={id} role="group" className="admin-choice-list">
      {choices.map((c) => (
        <Checkbox key={String(c.value)} inline label={c.label} checked={chosen.includes(c.value)} disabled={disabled || readonly} onChange={(e) => toggle(c.value, e.currentTarget.checked)} />
      ))}
    </div>
  );
}
