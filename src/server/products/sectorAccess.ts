import type { FastifyRequest } from 'fastify';
import { requireSector } from '../auth/access';

/** Level-1 sector ids of a document's sector chains (001 §3 Sector combination). */
export function chainRoots(doc: Record<string, unknown> | null | undefined): number[] {
  const chains = doc?.sectors;
  if (!Array.isArray(chains)) return [];
  const roots: number[] = [];
  for (const chain of chains) {
    const first: unknown = Array.isArray(chain) ? chain[0] : undefined;
    const id = first && typeof first === 'object' ? Number((first as Record<string, unknown>).id) : NaN;
    if (Number.isFinite(id) && !roots.includes(id)) roots.push(id);
  }
  return roots;
}

/** 403 'You do not have permission' unless the caller may use every sector the documents name. */
export function requireDocumentSectors(req: FastifyRequest, ...docs: Array<Record<string, unknown> | null | undefined>): void {
  for (const doc of docs) for (const id of chainRoots(doc)) requireSector(req, id);
}
