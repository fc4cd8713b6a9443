import type { IconName } from '@blueprintjs/icons';

/** A sidebar module as the role-permission data describes it (000 §3 "Module"). */
export interface ShellModule {
  module_id: number;
  module_name: string;
  module_icon: IconName | string;
  /** The path is built from the slug: '' is the root, 'deduplicates' is /deduplicates. */
  module_url_slug: string;
  module_sort: number;
  module_parent_id: number | null;
  operations: string[];
}
