import { FormGroup, InputGroup } from '@blueprintjs/core';
import { newPasswordHelp } from './passwordPolicy';

interface NewPasswordFieldsProps {
  idPrefix: string;
  newPassword: string;
  confirm: string;
  onNewPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  autoFocus?: boolean;
}

/** The new password typed twice, with the policy as its help (first-sign-in change and the account screen). */
export function NewPasswordFields({ idPrefix, newPassword, confirm, onNewPassword, onConfirm, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <FormGroup label="New password" labelFor={`${idPrefix}-new-password`} helperText={newPasswordHelp}>
        <InputGroup id={`${idPrefix}-new-password`} name="new-password" type="password" autoComplete="new-password" autoFocus={autoFocus} value={newPassword} onValueChange={onNewPassword} />
      </FormGroup>
      <FormGroup label="Repeat the new password" labelFor={`${idPrefix}-confirm-password`}>
        <InputGroup id={`${idPrefix}-confirm-password`} name="confirm-password" type="password" autoComplete="new-password" value={confirm} onValueChange={onConfirm} />
      </FormGroup>
    </>
  );
}
