import type { CDPSession } from 'playwright-core';

/** Trace categories that show the main thread's work: tasks, script, style, layout, paint. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'].join(',');

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Self time (ms) per trace event name on the page's main thread, per run. */
export function summariseTraces(traces: TraceEvent[][]) {
  const self = new Map<string, number>();
  for (const events of traces) {
    const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const complete = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: { e: TraceEvent; children: number }[] = [];
    const close = (until: number) => {
      while (stack.length && stack[stack.length - 1]!.e.ts + stack[stack.length - 1]!.e.dur! <= until) {
        const top = stack.pop()!;
        self.set(top.e.name, (self.get(top.e.name) ?? 0) + (top.e.dur! - top.children) / 1000);
        if (stack.length) stack[stack.length - 1]!.children += top.e.dur!;
      }
    };
    for (const e of complete) {
      close(e.ts);
      stack.push({ e, children: 0 });
    }
    close(Infinity);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`main thread busy per run: ${(total / traces.length).toFixed(1)} ms\n\nself time per run by trace event:`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(ms / traces.length).toFixed(2).padStart(7)} ms  ${k}`);
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
