import { Button, ButtonGroup, Callout, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { AdminRole, AdminUser } from '../../api/authTypes';
import { AdminForm } from './AdminForm';
import { adminAction, type AdminReport } from './adminAction';
import { usePortalApi } from '../../api/hooks/PortalApiContext';

interface UsersPanelProps {
  users: AdminUser[];
  roles: AdminRole[];
  reload: () => Promise<void>;
  report: AdminReport;
}

// The roles change at run time, so they are the select's choices, not part of the precompiled schema.
const roleChoices = (roles: AdminRole[]) => ({ role_id: { 'ui:widget': 'choices', 'ui:options': { choices: roles.map((r) => ({ value: r.role_id, label: r.role_name })) } } });

/** Users: create, change role or email, disable/enable (ends their sessions at once), reset password. */
export function UsersPanel({ users, roles, reload, report }: UsersPanelProps) {
  const api = usePortalApi();
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [editingEmail, setEditingEmail] = useState<AdminUser | null>(null);
  // The New form is drawn afresh after a creation: what was typed (a password too) does not stay for a second click.
  const [created, setCreated] = useState(0);
  const act = adminAction(reload, report);

  return (
    <div className="admin-users">
      <HTMLTable compact striped aria-label="Users">
        <thead>
          <tr>
            <th>ID</th>
            <th>Username</th>
            <th>Email</th>
            <th>Role</th>
            <th>Status</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.user_id} data-username={u.username}>
              <td>{u.user_id}</td>
              <td>{u.username}</td>
              <td>{u.email}</td>
              <td>
                <HTMLSelect
                  minimal
                  aria-label={`Role of ${u.username}`}
                  value={u.role_id}
                  onChange={(e) => void act(() => api.admin.updateUser(u.user_id, { role_id: Number(e.target.value) }), `Role of ${u.username} changed.`)()}
                >
                  {roles.map((r) => (
                    <option key={r.role_id} value={r.role_id}>
                      {r.role_name}
                    </option>
                  ))}
                </HTMLSelect>
              </td>
              <td>{u.disabled ? <Tag intent="danger">Disabled</Tag> : <Tag intent="success">Active</Tag>}</td>
              <td>
                <ButtonGroup>
                  {u.disabled ? (
                    <Button size="small" text="Enable" onClick={act(() => api.admin.updateUser(u.user_id, { disabled: false }), `${u.username} enabled.`)} />
                  ) : (
                    <Button size="small" intent="danger" text="Disable" onClick={act(() => api.admin.updateUser(u.user_id, { disabled: true }), `${u.username} disabled; their sessions are ended.`)} />
                  )}
                  <Button size="small" text="Change email" aria-label={`Change email of ${u.username}`} onClick={() => setEditingEmail(u)} />
                  <Button size="small" text="Reset password" onClick={() => setResetting(u)} />
                </ButtonGroup>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>

      {editingEmail ? (
        // The address the user forwards from and is copied on (000 §6); empty clears it.
        <Callout className="admin-form" title={`Email of ${editingEmail.username}`}>
          <AdminForm<{ email?: string }>
            key={editingEmail.user_id}
            form="email"
            idPrefix="user_email"
            formData={{ email: editingEmail.email ?? '' }}
            submitText="Save email"
            onSubmit={(data) => {
              const user = editingEmail;
              setEditingEmail(null);
              void act(() => api.admin.updateUser(user.user_id, { email: (data.email ?? '').trim() }), `Email of ${user.username} changed.`)();
            }}
          />
          <Button text="Cancel" onClick={() => setEditingEmail(null)} />
        </Callout>
      ) : null}

      {resetting ? (
        <Callout className="admin-form" title={`New password for ${resetting.username}`}>
          <AdminForm<{ password: string }>
            form="password"
            submitText="Set password"
            onSubmit={(data) => {
              const user = resetting;
              setResetting(null);
              void act(() => api.admin.resetPassword(user.user_id, data.password), `Password of ${user.username} changed; their sessions are ended.`)();
            }}
          />
          <Button text="Cancel" onClick={() => setResetting(null)} />
        </Callout>
      ) : null}

      <div className="admin-form">
        <AdminForm<{ username: string; password: string; role_id: number; email?: string }>
          key={created}
          form="user"
          uiSchema={roleChoices(roles)}
          submitText="Create user"
          onSubmit={(data) => void act(() => api.admin.createUser(data), `User ${data.username} created.`, () => setCreated((n) => n + 1))()}
        />
      </div>
    </div>
  );
}
