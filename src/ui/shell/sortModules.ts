import type { ShellModule } from './shellModule';

/** Sidebar order: module_sort ascending; ties keep their given order (000 §6). */
export function sortModules(modules: readonly ShellModule[]): ShellModule[] {
  return modules
    .map((module, index) => ({ module, index }))
    .sort((a, b) => a.module.module_sort - b.module.module_sort || a.index - b.index)
    .map(({ module }) => module);
}
