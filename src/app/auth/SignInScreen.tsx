import { Button, Callout, Card, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useSession } from './SessionContext';
import { authApi } from './authApi';
import { MustChangePassword } from './MustChangePassword';
import { NewPasswordFields } from './NewPasswordFields';
import { passwordsDifferMessage } from './passwordPolicy';
import { readSignInMessage } from './signInMessage';

/** Username and password; shows why the last session ended ('Your session has expired, ...'). */
export function SignInScreen() {
  const session = useSession();
  const [notice] = useState(readSignInMessage);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mustChange, setMustChange] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (mustChange !== null) {
        if (newPassword !== confirm) throw new Error(passwordsDifferMessage);
        await authApi.changePassword(password, newPassword);
        setPassword(newPassword);
        setMustChange(null);
        await session.signIn(username, newPassword);
      } else {
        await session.signIn(username, password);
      }
    } catch (err) {
      if (err instanceof MustChangePassword) setMustChange(err.message);
      else setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <main style={{ display: 'flex', justifyContent: 'center', paddingTop: '12vh' }}>
      <Card elevation={2} style={{ width: 360 }}>
        <H3>Content Portal</H3>
        {notice ? (
          <Callout intent="warning" role="status" data-testid="sign-in-notice" style={{ marginBottom: 12 }}>
            {notice}
          </Callout>
        ) : null}
        <form onSubmit={submit} aria-label="Sign in">
          <FormGroup label="Username" labelFor="signin-username">
            <InputGroup id="signin-username" name="username" autoComplete="username" autoFocus value={username} onValueChange={setUsername} />
          </FormGroup>
          {mustChange === null ? (
            <FormGroup label="Password" labelFor="signin-password">
              <InputGroup id="signin-password" name="password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} />
            </FormGroup>
          ) : (
            <>
              <Callout intent="primary" role="status" style={{ marginBottom: 12 }}>
                {mustChange}
              </Callout>
              <NewPasswordFields idPrefix="signin" newPassword={newPassword} confirm={confirm} onNewPassword={setNewPassword} onConfirm={setConfirm} autoFocus />
            </>
          )}
          {error ? (
            <Callout intent="danger" role="alert" style={{ marginBottom: 12 }}>
              {error}
            </Callout>
          ) : null}
          {mustChange === null ? (
            <Button type="submit" intent="primary" text="Sign In" loading={busy} disabled={!username || !password} fill />
          ) : (
            <Button type="submit" intent="primary" text="Change password and sign in" loading={busy} disabled={!newPassword || !confirm} fill />
          )}
        </form>
      </Card>
    </main>
  );
}
