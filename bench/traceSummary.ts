import type { CDPSession } from 'playwright-core';

/**
 * Trace categories that show the main thread's work: tasks, script, style, layout, paint. TRACE_MORE adds others
 * (e.g. `v8,disabled-by-default-v8.gc,mojom`: what a task's self time is), at a large cost in overhead.
 */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading', ...(process.env.TRACE_MORE ?? '').split(',').filter(Boolean)].join(',');

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

/** Self time (ms) per trace event name on the page's main thread, per run. */
export function summariseTraces(traces: TraceEvent[][]) {
  const self = new Map<string, number>();
  const count = new Map<string, number>();
  // Counted work (load-independent): layout objects laid out, elements whose style was recalculated.
  let layoutObjects = 0;
  let styledElements = 0;
  for (const events of traces) {
    // The page's renderer: of the renderer main threads (an idle one may be traced too), the busiest.
    const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const completeOf = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.dur !== undefined);
    const complete = mains.map(completeOf).reduce<TraceEvent[]>((a, b) => (b.length > a.length ? b : a), []).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: { e: TraceEvent; children: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= until) {
        const top = stack.pop()!;
        self.set(top.e.name, (self.get(top.e.name) ?? 0) + (top.e.dur! - top.children) / 1000);
        if (stack.length) stack[stack.length - 1]!.children += top.e.dur!;
      }
    };
    for (const e of complete) {
      count.set(e.name, (count.get(e.name) ?? 0) + 1);
      if (e.name === 'Layout') layoutObjects += e.args?.beginData?.dirtyObjects ?? 0;
      if (e.name === 'UpdateLayoutTree') styledElements += e.args?.elementCount ?? 0;
      close(e.ts);
      stack.push({ e, children: 0 });
    }
    close(Infinity);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`main thread busy per run: ${(total / traces.length).toFixed(1)} ms\n\nself time per run by trace event:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(ms / traces.length).toFixed(2).padStart(7)} ms  ${k} (${((count.get(k) ?? 0) / traces.length).toFixed(1)} per run)`);
  console.log(`\nper run: ${(layoutObjects / traces.length).toFixed(0)} layout objects laid out, style recalculated for ${(styledElements / traces.length).toFixed(0)} elements`);
}

export async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e) => resolve(e.stream!)));
  await cdp.send('Tracing.end');
  const handle = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

/** A V8 CPU profile as CDP's Profiler.stop answers it (the profile scripts read self and inclusive time from it). */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
