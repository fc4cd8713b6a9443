import { Profiler, useCallback, useMemo, useRef } from 'react';
import { blocks, codes, engineFiles } from 'virtual:editor-bench-data';
import { createEngine } from '../../src/engine';
import type { ViewModel } from '../../src/engine';
import { MetadataForm } from '../../src/ui/form/MetadataForm';
import type { Doc, ViewModelLike } from '../../src/ui/form/types';
import { addEngineTime, onRender } from './measure';

const EMPTY: Doc = {};

/**
 * The editor as a product screen composes it: the engine evaluates every edit (incrementally),
 * the form applies the view model to the fields it changes; the screen keeps the latest in refs.
 */
export function OursApp() {
  const engine = useMemo(() => (engineFiles ? createEngine({ files: engineFiles }, { now: () => '2024-06-01' }) : null), []);
  const vmRef = useRef<ViewModel | null>(engine ? engine.evaluate(EMPTY) : null);
  const initialVm = useMemo(() => everyBlockVisible(vmRef.current), []);
  const evaluate = useCallback(
    (doc: Doc, path: string) => {
      const t0 = performance.now();
      const vm = vmRef.current ? engine!.evaluateIncremental(vmRef.current, doc, [path]) : engine!.evaluate(doc);
      vmRef.current = vm;
      addEngineTime(performance.now() - t0);
      return { viewModel: everyBlockVisible(vm)!, document: vm.document as Doc };
    },
    [engine],
  );
  return (
    <Profiler id="ours" onRender={onRender}>
      <MetadataForm blocks={blocks} codes={codes} document={EMPTY} viewModel={initialVm} evaluate={engine ? evaluate : undefined} />
    </Profiler>
  );
}

/** The bench measures the editor with every block shown, whatever the empty document's rules say. */
const shown = new WeakMap<object, object>();
/** One view per engine record: the engine reuses its record when no entry changed, and so does this. */
const views = new WeakMap<object, ViewModel['fields']>();
const NO_BLOCKS = {};
function everyBlockVisible(vm: ViewModel | null): ViewModelLike | undefined {
  if (!vm) return undefined;
  let fields = views.get(vm.fields);
  if (!fields) {
    // A view over the engine's fields (no copy per keystroke); one patched object per hidden entry.
    fields = new Proxy(vm.fields, {
      get(target, path) {
        const f = target[path as string];
        if (!f || f.visible) return f;
        let patched = shown.get(f);
        if (!patched) shown.set(f, (patched = { ...f, visible: true }));
        return patched;
      },
    });
    views.set(vm.fields, fields);
  }
  return { ...vm, blocks: NO_BLOCKS, fields };
}
