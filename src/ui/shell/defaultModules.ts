import type { ShellModule } from './shellModule';

/** Used until the signed-in user's role permissions supply the module list. */
export const defaultModules: readonly ShellModule[] = [
  { module_id: 1, module_name: 'Dashboard', module_icon: 'dashboard', module_url_slug: '', module_sort: 1, module_parent_id: null, operations: ['view'] },
  { module_id: 2, module_name: 'Spacey', module_icon: 'predictive-analysis', module_url_slug: 'spacy', module_sort: 2, module_parent_id: null, operations: ['view'] },
  { module_id: 3, module_name: 'Deduplicates', module_icon: 'duplicate', module_url_slug: 'deduplicates', module_sort: 3, module_parent_id: null, operations: ['view'] },
  { module_id: 4, module_name: 'Import Logs', module_icon: 'history', module_url_slug: 'importlogs', module_sort: 4, module_parent_id: null, operations: ['view'] },
  { module_id: 5, module_name: 'Add Product', module_icon: 'add', module_url_slug: 'addproduct', module_sort: 5, module_parent_id: null, operations: ['view'] },
];
