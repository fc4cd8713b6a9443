import { Button, type IconName } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { getSubmitButtonOptions, TranslatableString, type IconButtonProps, type SubmitButtonProps } from '@rjsf/utils';

/** The form's submit button (`ui:submitButtonOptions.submitText`), a primary Blueprint button. */
export function BlueprintSubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <div className="portal-form-submit">
      <Button type="submit" intent="primary" text={submitText} disabled={props?.disabled as boolean | undefined} />
    </div>
  );
}

/** An item or property button with its Blueprint icon; the title (RJSF's words) names it for assistive technology. */
function iconButton(icon: IconName, label: TranslatableString, intent?: 'danger') {
  return function BlueprintIconButton({ registry, uiSchema: _ui, iconType: _t, icon: _i, className, title, onClick, disabled, id }: IconButtonProps) {
    const name = title ?? registry.translateString(label);
    return <Button id={id} className={className} icon={icon} variant="minimal" intent={intent} title={name} aria-label={name} onClick={(e) => onClick?.(e as MouseEvent<HTMLButtonElement>)} disabled={disabled} />;
  };
}

/** RJSF's ButtonTemplates on Blueprint buttons. */
export const blueprintButtonTemplates = {
  SubmitButton: BlueprintSubmitButton,
  AddButton: iconButton('add', TranslatableString.AddItemButton),
  CopyButton: iconButton('duplicate', TranslatableString.CopyButton),
  MoveDownButton: iconButton('arrow-down', TranslatableString.MoveDownButton),
  MoveUpButton: iconButton('arrow-up', TranslatableString.MoveUpButton),
  RemoveButton: iconButton('trash', TranslatableString.RemoveButton, 'danger'),
  ClearButton: iconButton('cross', TranslatableString.ClearButton),
};
