import table from '../../../schemas/admin/modules.json';

/** One screen of a module that shares the parent's grant (detail pages, popups). */
export interface ModuleChild {
  module_id: number;
  module_name: string;
  module_url_slug: string;
}

/** A portal module as schemas/admin/modules.json declares it. */
export interface PortalModule {
  /** What routes name in `config.permission.module` and what roles are granted. */
  key: string;
  module_id: number;
  module_name: string;
  module_icon: string;
  module_url_slug: string;
  module_sort: number;
  /** Not listed in the sidebar (the Admin Portal opens from its header button). */
  module_hidden?: boolean;
  operations: string[];
  children?: ModuleChild[];
  /** The module gates the emails of the panelist type named by its key (view grant). */
  panelist_type?: boolean;
}

export interface DemoRole {
  role_name: string;
  description: string;
  all_sectors: boolean;
  /** module key -> operations; "*" means every module / every operation. */
  grants: Record<string, string[]>;
}

/** The module table every role grant and every route declaration refers to. */
export const portalModules: readonly PortalModule[] = table.modules;

/** Operation name -> what it allows, for the Admin Portal. */
export const operationDescriptions: Readonly<Record<string, string>> = table.operations;

export const demoRoles: readonly DemoRole[] = table.demoRoles as unknown as DemoRole[];

export function findModule(key: string): PortalModule | undefined {
  return portalModules.find((m) => m.key === key);
}

/** Expands a demo role's grants ("*" wildcards) into [module, operation] pairs of the table. */
export function expandGrants(grants: Record<string, string[]>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const module of portalModules) {
    const ops = grants['*'] ?? grants[module.key];
    if (!ops) continue;
    for (const op of module.operations) if (ops.includes('*') || ops.includes(op)) pairs.push([module.key, op]);
  }
  return pairs;
}
