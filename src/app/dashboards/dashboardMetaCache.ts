import { dashboardMetaOf, type DashboardMeta } from './dashboardMeta';
import type { MetadataFiles } from '../loadMetadataFiles';

let cached: { version: string; meta: DashboardMeta } | null = null;

/** The email area's metadata of these served files, built once per metadata version. */
export function dashboardMetaFor(md: MetadataFiles): DashboardMeta {
  if (cached?.version !== md.version) cached = { version: md.version, meta: dashboardMetaOf(md.files) };
  return cached.meta;
}

/** The last built one (a remounted email screen draws at once), or null before the first. */
export function lastDashboardMeta(): DashboardMeta | null {
  return cached?.meta ?? null;
}
