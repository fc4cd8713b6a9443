import { Classes, Tag } from '@blueprintjs/core';

/** A field's unit (%, $, months, kWh) as the right element of Blueprint's input-group markup, drawn without InputGroup. */
export function UnitAction({ unit }: { unit: string | undefined }) {
  return unit ? (
    <span className={Classes.INPUT_ACTION}>
      <Tag minimal>{unit}</Tag>
    </span>
  ) : null;
}
