import { httpError } from '../httpError';

/**
 * 001 §7 numeric-id rule: a loader is only called with a number; anything else answers 400
 * (the client skips the call, so a non-number here is a caller's mistake).
 */
export function parseId(raw: unknown, what = 'product id', max = Number.MAX_SAFE_INTEGER): number {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,15}$/.test(s) || Number(s) <= 0 || Number(s) > max) throw httpError(400, `The ${what} must be a number.`);
  return Number(s);
}

/** Largest id of a PostgreSQL `integer` column (companies, panelists, users, roles). */
export const maxIntegerId = 2_147_483_647;
