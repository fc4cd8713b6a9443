import { existsSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { LintProblem } from '../../engine/types';
import type { MetadataStore, ReloadResult } from './metadataStore';

export interface WatchOptions {
  /** Quiet time after the last change before reloading (editors write a file in several steps). */
  debounceMs?: number;
  /** Terminal output; problems print as `file:json-path: problem` lines. */
  print?: (line: string) => void;
}

export interface MetadataWatcher {
  close(): void;
}

export const formatProblem = (p: LintProblem) => `${p.file}:${p.path}: ${p.message}`;
const short = (version: string) => version.slice(0, 12);

/**
 * The analysts' loop (`portal dev`): watches schemas/ and rules/ under the store's folder, and a
 * moment after a .json file changes re-lints and reloads the store. fs.watch is recursive on Linux
 * from Node 20 (new sub-folders included), so no watcher package is needed.
 */
export function watchMetadata(store: MetadataStore, opts: WatchOptions = {}): MetadataWatcher {
  const print = opts.print ?? ((line: string) => console.log(line));
  const debounceMs = opts.debounceMs ?? 150;
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    const files = [...changed].sort();
    changed.clear();
    let result: ReloadResult;
    try {
      result = store.reload();
    } catch (e) {
      // A reload bug must not take the dev server down; the last good metadata keeps serving.
      print(`metadata: reload failed: ${(e as Error).stack ?? e}`);
      return;
    }
    report(result, files, print);
  };

  const watchers: FSWatcher[] = [];
  for (const sub of ['schemas', 'rules']) {
    const dir = join(store.dir, sub);
    if (!existsSync(dir)) continue;
    const w = watch(dir, { recursive: true }, (_event, name) => {
      const file = name ? `${sub}/${String(name).split('\\').join('/')}` : sub;
      // Editors' swap and backup files are not metadata; a deleted folder arrives as its own name.
      if (name && !file.endsWith('.json') && /\.[^/]+$/.test(file)) return;
      changed.add(file);
      clearTimeout(timer);
      timer = setTimeout(flush, debounceMs);
    });
    w.on('error', (err) => print(`metadata: watching ${dir} failed: ${err.message}`));
    watchers.push(w);
  }
  store.watching = watchers.length > 0;
  print(`Watching ${join(store.dir, 'schemas')} and ${join(store.dir, 'rules')}: saved changes reload the metadata (version ${short(store.current().version)})`);
  if (store.problems.length) report({ ok: false, changed: false, version: store.current().version, problems: store.problems }, [], print);

  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      store.watching = false;
    },
  };
}

function report(result: ReloadResult, files: string[], print: (line: string) => void) {
  const what = files.length ? ` after ${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}` : '';
  if (!result.ok) {
    print(`metadata: ${result.problems.length} problem(s)${what}; still serving the last good version ${short(result.version)}`);
    for (const p of result.problems) print(formatProblem(p));
    return;
  }
  if (result.changed) print(`metadata: reloaded${what}: version ${short(result.version)}`);
  else if (files.length) print(`metadata: no problems${what}: version ${short(result.version)}`);
}
