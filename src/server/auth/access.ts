import type { FastifyRequest } from 'fastify';
import { httpError } from '../httpError';
import { hasPermission, type AuthContext } from './AuthContext';

/** What a route needs, declared in its `config` (every /api route must declare one). */
export interface RoutePermission {
  /** A module key of schemas/admin/modules.json. */
  module: string;
  operation: 'view' | 'add' | 'edit' | 'delete' | 'approve' | 'admin' | (string & {});
  /** Other operations that also let a call through, the handler checking which the call needs (POST /api/addProduct: add creates, edit changes). */
  also?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call it (sign-in, health). */
    public?: boolean;
    /** Any signed-in user may call it (own permissions, sign-out, activity). */
    signedIn?: boolean;
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    /** The signed-in caller; null on public routes without a valid token. */
    auth: AuthContext | null;
  }
}

/** 001 §6 and 000 §8: the message for a missing module or sector permission. */
export const noPermissionMessage = 'You do not have permission';

/** The signed-in caller, or 401 (for handlers of signed-in routes). */
export function requireAuth(req: FastifyRequest): AuthContext {
  if (!req.auth) throw httpError(401, 'Your session has expired, please login again');
  return req.auth;
}

export function canUseSector(auth: AuthContext | null, sectorId: number): boolean {
  return !!auth && (auth.allSectors || auth.sectors.includes(sectorId));
}

/** Refuses (403 'You do not have permission') a sector the caller's role is not allowed. */
export function requireSector(req: FastifyRequest, sectorId: number): void {
  const auth = requireAuth(req);
  if (!canUseSector(auth, sectorId)) {
    req.log.warn({ user: auth.username, sectorId }, 'sector refused');
    throw httpError(403, noPermissionMessage);
  }
}

/** Product admin: may open the Product Activity Log and restore deleted products (001 §6). */
export function isProductAdmin(req: FastifyRequest): boolean {
  return hasPermission(req.auth, 'product', 'admin');
}
