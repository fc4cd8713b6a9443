import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file's project and environment as vitest reads them: a `@vitest-environment` comment, else the project's. */
function runtimeOf(spec: TestSpecification): string {
  const named = /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(readFileSync(spec.moduleId, 'utf8'))?.[1];
  return `${spec.project.name}:${named ?? spec.project.config.environment}`;
}

/**
 * vitest's order (projects in turn, longest or largest files first), with each project's files of
 * one environment together. A worker that shares its process between files (isolate: false) is
 * ended whenever the next file in the queue needs another environment, and the next one imports
 * everything again (Blueprint, React, jsdom, TypeScript: seconds of CPU): in vitest's own order the
 * unit project's jsdom files, scattered among the node ones, ended a worker at nearly every one.
 */
export class EnvironmentGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const key = runtimeOf(spec);
      groups.set(key, [...(groups.get(key) ?? []), spec]);
    }
    return [...groups.values()].flat();
  }
}
