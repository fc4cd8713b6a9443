import { AnchorButton, Callout, Navbar, NavbarGroup, NavbarHeading, Spinner, Tab, Tabs } from '@blueprintjs/core';
import './admin.css';
import { useCallback, useState } from 'react';
import { useAdminModules, useAdminRoles, useAdminUsers } from '../../api/hooks/adminHooks';
import { RolesPanel } from './RolesPanel';
import { UsersPanel } from './UsersPanel';

/** /admin (opened by the header's Admin Portal button in a new tab): users, roles and permissions. */
export function AdminPortal() {
  const usersRead = useAdminUsers();
  const rolesRead = useAdminRoles();
  const modulesRead = useAdminModules();
  const [notice, setNotice] = useState<{ message: string; intent: 'success' | 'danger' } | null>(null);
  const users = usersRead.data && rolesRead.data && modulesRead.data ? usersRead.data : null;
  const roles = rolesRead.data ?? [];
  const modules = modulesRead.data ?? [];
  const failed = usersRead.error ?? rolesRead.error ?? modulesRead.error;
  const { mutate: mutateUsers } = usersRead;
  const { mutate: mutateRoles } = rolesRead;
  // A write changes users and roles (user counts, grants): both are read again.
  const reload = useCallback(async () => {
    await Promise.all([mutateUsers(), mutateRoles()]);
  }, [mutateUsers, mutateRoles]);
  const report = useCallback((message: string, intent: 'success' | 'danger') => setNotice({ message, intent }), []);
  const shown = notice ?? (failed ? { message: failed.message, intent: 'danger' as const } : null);

  return (
    <div className="admin-portal">
      <Navbar>
        <NavbarGroup>
          <NavbarHeading>Content Portal · Admin Portal</NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align="end">
          <AnchorButton variant="minimal" icon="arrow-left" href="/" text="Back to the portal" />
        </NavbarGroup>
      </Navbar>
      <div className="admin-body">
        {shown ? (
          <Callout className="admin-notice" intent={shown.intent} role="status">
            {shown.message}
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
