import { Button } from '@blueprintjs/core';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';

/** RJSF ArrayFieldTemplate: the items one under another, with an Add button. */
export function BlueprintArrayFieldTemplate({ title, items, canAdd, onAddClick, disabled, readonly, fieldPathId }: ArrayFieldTemplateProps) {
  return (
    <div className="portal-list" id={fieldPathId.$id}>
      {title && <h5 className="portal-form-heading">{title}</h5>}
      {items}
      {canAdd && !readonly && <Button icon="add" text="Add" variant="minimal" disabled={disabled} onClick={() => onAddClick()} />}
    </div>
  );
}
