import type { AdminModule, AdminRole, AdminUser, Envelope } from '../authTypes';
import type { RequestOptions, Transport } from './Transport';

export interface RoleInput {
  role_name: string;
  description?: string;
  all_sectors?: boolean;
  sectors?: number[];
}

/** The Admin Portal's calls (module "admin"). */
export function adminClient(t: Transport) {
  const send = (method: RequestOptions['method'], json: unknown, operationId: RequestOptions['operationId']): RequestOptions => ({ method, json, operationId });
  return {
    users: () => t.json<Envelope<AdminUser[]>>('/api/admin/users').then((r) => r.payload),
    roles: () => t.json<Envelope<AdminRole[]>>('/api/admin/roles').then((r) => r.payload),
    modules: () => t.json<Envelope<AdminModule[]>>('/api/admin/modules').then((r) => r.payload),
    createUser: (user: { username: string; password: string; role_id: number; email?: string }) => t.json<unknown>('/api/admin/users', send('POST', user, 'add')),
    updateUser: (id: number, patch: { role_id?: number; email?: string; disabled?: boolean }) => t.json<unknown>(`/api/admin/users/${id}`, send('PATCH', patch, 'edit')),
    resetPassword: (id: number, password: string) => t.json<unknown>(`/api/admin/users/${id}/password`, send('POST', { password }, 'edit')),
    createRole: (role: RoleInput) => t.json<unknown>('/api/admin/roles', send('POST', role, 'add')),
    updateRole: (id: number, role: RoleInput) => t.json<unknown>(`/api/admin/roles/${id}`, send('PUT', role, 'edit')),
    setPermissions: (id: number, permissions: Record<string, string[]>) => t.json<unknown>(`/api/admin/roles/${id}/permissions`, send('PUT', { permissions }, 'edit')),
    deleteRole: (id: number) => t.json<unknown>(`/api/admin/roles/${id}`, { method: 'DELETE', operationId: 'delete' }),
  };
}

export type AdminClient = ReturnType<typeof adminClient>;
