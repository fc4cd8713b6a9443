import { Classes, Tag } from '@blueprintjs/core';

/** Room at the input's right for its unit's tag, so typed text never runs under it ("per kWh" is wider than "%"). */
export const unitPadding = (unit: string | undefined) => (unit ? { paddingRight: `calc(${unit.length}ch + 20px)` } : undefined);

/** A field's unit (%, $, months, per kWh) as the right element of Blueprint's input-group markup, drawn without InputGroup. */
export function UnitAction({ unit }: { unit: string | undefined }) {
  return unit ? (
    <span className={Classes.INPUT_ACTION}>
      <Tag minimal>{unit}</Tag>
    </span>
  ) : null;
}
