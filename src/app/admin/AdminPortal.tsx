import { Callout, Navbar, NavbarGroup, NavbarHeading, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { AdminModule, AdminRole, AdminUser } from '../../api/authTypes';
import { adminApi } from './adminApi';
import { RolesPanel } from './RolesPanel';
import { UsersPanel } from './UsersPanel';

/** /admin (opened by the header's Admin Portal button in a new tab): users, roles and permissions. */
export function AdminPortal() {
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [roles, setRoles] = useState<AdminRole[]>([]);
  const [modules, setModules] = useState<AdminModule[]>([]);
  const [notice, setNotice] = useState<{ message: string; intent: 'success' | 'danger' } | null>(null);

  const reload = useCallback(async () => {
    const [u, r, m] = await Promise.all([adminApi.users(), adminApi.roles(), adminApi.modules()]);
    setUsers(u);
    setRoles(r);
    setModules(m);
  }, []);
  useEffect(() => {
    reload().catch((err: unknown) => setNotice({ message: err instanceof Error ? err.message : String(err), intent: 'danger' }));
  }, [reload]);
  const report = useCallback((message: string, intent: 'success' | 'danger') => setNotice({ message, intent }), []);

  return (
    <div className="admin-portal">
      <Navbar>
        <NavbarGroup>
          <NavbarHeading>Content Portal · Admin Portal</NavbarHeading>
        </NavbarGroup>
      </Navbar>
      <div style={{ padding: 16 }}>
        {notice ? (
          <Callout intent={notice.intent} role="status" style={{ marginBottom: 16 }}>
            {notice.message}
          </Callout>
        ) : null}
        {users === null ? (
          <Spinner aria-label="Loading" />
        ) : (
          <Tabs id="admin-tabs" renderActiveTabPanelOnly>
            <Tab id="users" title="Users" panel={<UsersPanel users={users} roles={roles} reload={reload} report={report} />} />
            <Tab id="roles" title="Roles and permissions" panel={<RolesPanel roles={roles} modules={modules} reload={reload} report={report} />} />
          </Tabs>
        )}
      </div>
    </div>
  );
}
