import type { SectorOption } from '../../api/products';
import type { MetadataModel } from '../../engine';
import type { CodeEntry } from '../../engine/types';

/** The sector tree of the code tables: codes/sectors is level 1, codes/categories levels 2-4 (x-parent). */
export interface SectorTree {
  /** The level-1 sector a sector or category belongs to. */
  rootOf(id: number): number | undefined;
  /** Sectors (id 0) or the children of a sector or category. */
  children(id: number): SectorOption[];
  has(id: number): boolean;
}

const worksite = (e: CodeEntry) => (e['x-worksite-voluntary'] === true || e['x-worksite-voluntary'] === 1 ? 1 : 0);

export function sectorTree(model: MetadataModel): SectorTree {
  const sectors = model.codeTables.get('codes/sectors')?.entries ?? [];
  const categories = model.codeTables.get('codes/categories')?.entries ?? [];
  const parent = new Map<number, number>();
  const level = new Map<number, number>();
  for (const s of sectors) level.set(Number(s.const), 1);
  for (const c of categories) if (c['x-parent'] !== undefined) parent.set(Number(c.const), Number(c['x-parent']));
  const levelOf = (id: number, depth = 0): number => {
    const known = level.get(id);
    if (known !== undefined) return known;
    const p = parent.get(id);
    const l = p === undefined || depth > 8 ? 2 : levelOf(p, depth + 1) + 1;
    level.set(id, l);
    return l;
  };
  const rootOf = (id: number): number | undefined => {
    let cur = id;
    for (let i = 0; i < 8; i++) {
      if (level.get(cur) === 1) return cur;
      const p = parent.get(cur);
      if (p === undefined) return undefined;
      cur = p;
    }
    return undefined;
  };
  const option = (e: CodeEntry, p: number | null): SectorOption => ({
    id: Number(e.const), name: e.title, parent: p, level: p === null ? 1 : levelOf(Number(e.const)), sectorWorksiteVoluntary: worksite(e),
  });
  return {
    rootOf,
    has: (id) => level.has(id) || parent.has(id),
    children(id) {
      if (id === 0) return sectors.map((s) => option(s, null));
      return categories.filter((c) => Number(c['x-parent']) === id).map((c) => option(c, id));
    },
  };
}
