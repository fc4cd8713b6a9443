/**
 * Which React components one of the editor bench's interactions renders (issue 27 item 11): a
 * stand-in React DevTools hook, installed before the app loads, walks each committed tree and counts
 * the function components that rendered (mounted or updated) and the host elements mounted, per
 * measured run. An unminified build names the components; one whose `react-dom/client` is aliased to
 * `react-dom/profiling` (a vite config spreading ours with `resolve.alias`) also times each one's own
 * render. Not part of `npm run bench`:
 *
 *   npx tsx bench/editorInteractionRenders.ts "save a promotion" [--dist dir] [--runs 3]
 */
import { interactions, setMeasureProbe } from './editorInteractions';
import { openProfiledEditor, toolArgs } from './openProfiledEditor';

const { argv, flag } = toolArgs();
const dist = flag('--dist');
const runs = Number(flag('--runs') ?? 3);
const ix = interactions.find((x) => x.figure === argv[0]);
if (!ix) throw new Error(`usage: editorInteractionRenders.ts <${interactions.map((x) => x.figure).join(' | ')}> [--dist dir] [--runs n]`);

/** In the page: the hook React calls after each commit. */
const hook = () => {
  const counts: Record<string, number> = {};
  const ms: Record<string, number> = {};
  let commits = 0;
  /** Component renders per commit, in order (a second commit of the same action shows here), a small one's names too. */
  const perCommit: string[] = [];
  const w = window as unknown as Record<string, unknown>;
  const nameOf = (f: { type?: unknown; elementType?: unknown }) => {
    const t = (f.elementType ?? f.type) as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string } } | string | null;
    if (typeof t === 'string') return null;
    if (!t) return null;
    return t.displayName || t.name || t.render?.name || t.type?.name || null;
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      commits++;
      const rendered: string[] = [];
      // As React DevTools does: a child list the commit did not touch is the previous one (same fiber).
      const walk = (f: Fiber | null) => {
        for (; f; f = f.sibling) {
          const mounted = f.alternate === null;
          if (typeof f.type === 'string') {
            if (mounted) counts['<host mounted>'] = (counts['<host mounted>'] ?? 0) + 1;
          } else if (mounted || (f.flags & 1) !== 0) {
            const n = nameOf(f);
            if (n) {
              const k = `${n}${mounted ? ' (mount)' : ''}`;
              rendered.push(k);
              counts[k] = (counts[k] ?? 0) + 1;
              // A profiling build (react-dom/profiling) times each fiber's own render.
              if (typeof f.selfBaseDuration === 'number') ms[k] = (ms[k] ?? 0) + f.selfBaseDuration;
            }
          }
          if (mounted || f.child !== f.alternate!.child) walk(f.child);
        }
      };
      walk(root.current.child);
      perCommit.push(rendered.length > 0 && rendered.length <= 3 ? `${rendered.length} (${rendered.join(', ')})` : String(rendered.length));
    },
  };
  type Fiber = { selfBaseDuration?: number; type: unknown; elementType?: unknown; alternate: Fiber | null; flags: number; child: Fiber | null; sibling: Fiber | null };
  w.__renders = () => ({ commits, counts, ms, perCommit });
  w.__rendersReset = () => {
    commits = 0;
    perCommit.length = 0;
    for (const k of Object.keys(counts)) delete counts[k];
    for (const k of Object.keys(ms)) delete ms[k];
  };
};

const { page, close } = await openProfiledEditor({ dist, extraInit: hook.toString() });
try {
  for (let i = 0; i <= runs; i++) {
    setMeasureProbe({
      before: async () => void (await page.evaluate(() => (window as unknown as { __rendersReset(): void }).__rendersReset())),
      after: async () => {
        const r = await page.evaluate(() => (window as unknown as { __renders(): { commits: number; counts: Record<string, number>; ms: Record<string, number>; perCommit: string[] } }).__renders());
        if (i === 0) return;
        const total = Object.entries(r.counts).filter(([k]) => !k.startsWith('<')).reduce((a, [, v]) => a + v, 0);
        console.log(`run ${i}: ${r.commits} commits (${r.perCommit.join(' + ')} renders), ${total} component renders, ${r.counts['<host mounted>'] ?? 0} host elements mounted`);
        const timed = Object.keys(r.ms).length > 0;
        if (timed) console.log(`  render ms (own, summed): ${Object.values(r.ms).reduce((a, b) => a + b, 0).toFixed(1)}`);
        const order = Object.entries(r.counts).sort((a, b) => (timed ? (r.ms[b[0]] ?? 0) - (r.ms[a[0]] ?? 0) : b[1] - a[1]));
        for (const [k, v] of order.slice(0, 60)) console.log(`  ${String(v).padStart(5)}${timed ? ` ${(r.ms[k] ?? 0).toFixed(2).padStart(7)} ms` : ''}  ${k}`);
      },
    });
    await ix.run(page, i);
  }
} finally {
  setMeasureProbe(undefined);
  await close();
}
