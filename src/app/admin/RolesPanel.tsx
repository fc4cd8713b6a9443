import { Button, Card, H4, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import type { AdminModule, AdminRole } from '../../api/authTypes';
import { AdminForm } from './AdminForm';
import { adminAction, type AdminReport } from './adminAction';
import { usePortalApi } from '../../api/hooks/PortalApiContext';
import { useMetadataFiles } from '../../api/hooks/useMetadataFiles';
import { codeTableEntries } from '../codeTableEntries';

interface RolesPanelProps {
  roles: AdminRole[];
  modules: AdminModule[];
  reload: () => Promise<void>;
  report: AdminReport;
}

type RoleForm = { role_name: string; description?: string; all_sectors?: boolean; sectors?: number[] };

// The sectors code table: an administrator picks a role's sectors by title, not by id.
const sectorChoices = (files: Record<string, unknown> | undefined) => codeTableEntries(files, 'codes/sectors').map((c) => ({ value: Number(c.const), label: c.title }));

/** Roles: create, rename, allowed sectors, and module permissions (operations per module). */
export function RolesPanel({ roles, modules, reload, report }: RolesPanelProps) {
  const api = usePortalApi();
  const sectors = sectorChoices(useMetadataFiles().data?.files);
  const sectorTitle = (id: number) => sectors.find((c) => c.value === id)?.label ?? String(id);
  // Until the code table has loaded the ids stay editable as numbers.
  const roleUi = (title: string) => ({ 'ui:title': title, ...(sectors.length ? { sectors: { 'ui:widget': 'choiceList', 'ui:title': 'Allowed sectors', 'ui:options': { choices: sectors } } } : {}) });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = roles.find((r) => r.role_id === selectedId) ?? null;
  // The New form is drawn afresh after a creation: what was typed (a password too) does not stay for a second click.
  const [created, setCreated] = useState(0);
  const act = adminAction(reload, report);

  return (
    <div className="admin-roles" style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <div>
        <HTMLTable compact interactive aria-label="Roles">
          <thead>
            <tr>
              <th>Role</th>
              <th>Users</th>
              <th>Sectors</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r.role_id} onClick={() => setSelectedId(r.role_id)} style={{ fontWeight: r.role_id === selectedId ? 600 : undefined }}>
                <td>{r.role_name}</td>
                <td>{r.user_count}</td>
                <td>{r.all_sectors ? 'all' : r.sectors.length ? r.sectors.map(sectorTitle).join(', ') : 'none'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div className="admin-form">
          <AdminForm<RoleForm>
            key={created}
            form="role"
            idPrefix="new_role"
            uiSchema={roleUi('New role')}
            submitText="Create role"
            onSubmit={(data) => void act(() => api.admin.createRole(data), `Role ${data.role_name} created.`, () => setCreated((n) => n + 1))()}
          />
        </div>
      </div>
      {selected ? (
        <Card className="admin-role-card" key={selected.role_id}>
          <H4>{selected.role_name}</H4>
          <AdminForm<RoleForm>
            form="role"
            uiSchema={roleUi('Role name, description and sectors')}
            formData={{ role_name: selected.role_name, description: selected.description, all_sectors: selected.all_sectors, sectors: selected.sectors }}
            submitText="Save role"
            onSubmit={(data) => void act(() => api.admin.updateRole(selected.role_id, data), `Role ${data.role_name} saved.`)()}
          />
          <AdminForm<Record<string, string[]>>
            form="permissions"
            formData={Object.fromEntries(modules.map((m) => [m.key, selected.permissions[m.key] ?? []]))}
            submitText="Save permissions"
            onSubmit={(data) =>
              void act(
                () => api.admin.setPermissions(selected.role_id, Object.fromEntries(modules.map((m) => [m.key, data[m.key] ?? []]))),
                `Permissions of ${selected.role_name} saved.`,
              )()
            }
          />
          <Button
            intent="danger"
            text="Delete role"
            disabled={selected.user_count > 0}
            title={selected.user_count > 0 ? 'Give its users another role first' : undefined}
            onClick={act(async () => {
              await api.admin.deleteRole(selected.role_id);
              setSelectedId(null);
            }, `Role ${selected.role_name} deleted.`)}
            style={{ marginTop: 16 }}
          />
        </Card>
      ) : null}
    </div>
  );
}
