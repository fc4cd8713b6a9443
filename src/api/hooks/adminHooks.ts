import type { AdminModule, AdminRole, AdminUser } from '../authTypes';
import { cacheKeys } from './cacheKeys';
import { usePortalRead } from './usePortalRead';

export const useAdminUsers = () => usePortalRead<AdminUser[]>(cacheKeys.adminUsers(), (api) => api.admin.users());
export const useAdminRoles = () => usePortalRead<AdminRole[]>(cacheKeys.adminRoles(), (api) => api.admin.roles());
export const useAdminModules = () => usePortalRead<AdminModule[]>(cacheKeys.adminModules(), (api) => api.admin.modules());
