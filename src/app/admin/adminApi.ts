import type { AdminModule, AdminRole, AdminUser, Envelope } from '../../api/authTypes';
import { apiJson } from '../auth/apiFetch';

/** The Admin Portal's calls (module "admin"). */
export const adminApi = {
  users: () => apiJson<Envelope<AdminUser[]>>('/api/admin/users').then((r) => r.payload),
  roles: () => apiJson<Envelope<AdminRole[]>>('/api/admin/roles').then((r) => r.payload),
  modules: () => apiJson<Envelope<AdminModule[]>>('/api/admin/modules').then((r) => r.payload),
  createUser: (user: { username: string; password: string; role_id: number; email?: string }) =>
    apiJson('/api/admin/users', { method: 'POST', json: user, operationId: 'add' }),
  updateUser: (id: number, patch: { role_id?: number; email?: string; disabled?: boolean }) =>
    apiJson(`/api/admin/users/${id}`, { method: 'PATCH', json: patch, operationId: 'edit' }),
  resetPassword: (id: number, password: string) =>
    apiJson(`/api/admin/users/${id}/password`, { method: 'POST', json: { password }, operationId: 'edit' }),
  createRole: (role: { role_name: string; description?: string; all_sectors?: boolean; sectors?: number[] }) =>
    apiJson('/api/admin/roles', { method: 'POST', json: role, operationId: 'add' }),
  updateRole: (id: number, role: { role_name: string; description?: string; all_sectors?: boolean; sectors?: number[] }) =>
    apiJson(`/api/admin/roles/${id}`, { method: 'PUT', json: role, operationId: 'edit' }),
  setPermissions: (id: number, permissions: Record<string, string[]>) =>
    apiJson(`/api/admin/roles/${id}/permissions`, { method: 'PUT', json: { permissions }, operationId: 'edit' }),
  deleteRole: (id: number) => apiJson(`/api/admin/roles/${id}`, { method: 'DELETE', operationId: 'delete' }),
};
