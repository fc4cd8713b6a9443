import { Button, Callout, Card, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useSession } from './SessionContext';
import { authApi } from './authApi';
import { NewPasswordFields } from './NewPasswordFields';
import { passwordsDifferMessage } from './passwordPolicy';

/**
 * /password, from the header's user menu: a signed-in user changes their own password, proving the
 * current one. The server checks the policy and ends every session of the user, this one too, so on
 * success the user signs in again with the new password (the server's message says so).
 */
export function ChangePasswordScreen() {
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword !== confirm) return setError(passwordsDifferMessage);
    setBusy(true);
    try {
      const res = await authApi.changePassword(current, newPassword);
      await session.endWithMessage(res.payload.message);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <section className="portal-account">
      <Card elevation={1} style={{ width: 400, maxWidth: '100%' }}>
        <H3>Change password</H3>
        <p>Signed in as {session.role?.username}. Every session of yours ends after the change.</p>
        <form onSubmit={submit} aria-label="Change password">
          <FormGroup label="Current password" labelFor="account-current-password">
            <InputGroup id="account-current-password" name="current-password" type="password" autoComplete="current-password" autoFocus value={current} onValueChange={setCurrent} />
          </FormGroup>
          <NewPasswordFields idPrefix="account" newPassword={newPassword} confirm={confirm} onNewPassword={setNewPassword} onConfirm={setConfirm} />
          {error ? (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {error}
            </Callout>
          ) : null}
          <Button type="submit" intent="primary" text="Change password" loading={busy} disabled={!current || !newPassword || !confirm} />
        </form>
      </Card>
    </section>
  );
}
