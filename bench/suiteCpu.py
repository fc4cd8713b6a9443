#!/usr/bin/env python3
"""CPU of a command and of every process it starts, orphans included, by process kind.

    python3 bench/suiteCpu.py [--out FILE.json] [--interval S] -- COMMAND...

The browser suite's CPU is mostly outside the vitest process that `times` sees: Chromium's
renderers (forked by its zygote, which Chromium does not wait for when it is closed) and the
portals. This tool becomes a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every orphan of
the command is re-parented to it and reaped here: the total (getrusage of the reaped children) is
exact. The split by kind comes from sampling /proc every --interval seconds for the processes that
carry this run's environment tag (each process's last reading before it ends: a process's last
interval is lost, shown as `unsampled`). Python: Node has no prctl.
"""
import argparse, ctypes, json, os, re, resource, signal, sys, threading, time, uuid

TAG = 'SUITE_CPU_TAG'
TICK = os.sysconf('SC_CLK_TCK')


def kind_of(cmd: str) -> str:
    if 'chrom' in cmd.split(' ')[0]:
        m = re.search(r'--type=(\S+)', cmd)
        if not m:
            return 'chromium browser'
        t = m.group(1)
        if t == 'utility':
            u = re.search(r'--utility-sub-type=(\S+)', cmd)
            return f'chromium utility {u.group(1).split(".")[-1] if u else ""}'.strip()
        return f'chromium {t}'
    if 'node' in cmd.split(' ')[0] or cmd.startswith('npm'):
        if 'vitest/dist/workers' in cmd or 'forks.js' in cmd:
            return 'vitest worker'
        if 'vitest' in cmd:
            return 'vitest main'
        if 'portal' in cmd or 'cliBundle' in cmd:
            return 'portal (node)'
        return 'node other'
    return cmd.split(' ')[0].rsplit('/', 1)[-1] or '?'


class Sampler(threading.Thread):
    def __init__(self, tag: str, interval: float):
        super().__init__(daemon=True)
        self.tag, self.interval = tag, interval
        self.seen: dict[tuple[int, int], dict] = {}  # (pid, starttime) -> {kind, cpu, first, last}
        self.alive: set[int] = set()  # our pids at the last sample
        self.not_ours: dict[tuple[int, int], str] = {}
        self.series: list[tuple[float, dict[str, float]]] = []  # (time, sampled CPU so far by kind)
        self.stop = threading.Event()

    def sample(self) -> None:
        now = time.time()
        alive: set[int] = set()
        for entry in sorted(os.listdir('/proc'), key=lambda e: int(e) if e.isdigit() else 0):
            if not entry.isdigit():
                continue
            pid = int(entry)
            try:
                with open(f'/proc/{pid}/stat', 'rb') as f:
                    stat = f.read().decode()
                fields = stat[stat.rindex(')') + 2:].split(' ')
                key = (pid, int(fields[19]))
                comm = stat[stat.index('(') + 1:stat.rindex(')')]
                # Ours: the tag in its environment, or a parent of ours (Chromium's zygote children rewrite
                # their title over the environment's memory, so /proc/<pid>/environ no longer shows it).
                if key not in self.seen:
                    if self.not_ours.get(key) != comm:  # environment not checked since the last exec
                        with open(f'/proc/{pid}/environ', 'rb') as f:
                            tagged = f'{TAG}={self.tag}'.encode() in f.read().split(b'\0')
                        if not tagged:
                            self.not_ours[key] = comm
                    if self.not_ours.get(key) == comm and int(fields[1]) not in self.alive and int(fields[1]) not in alive:
                        continue
                    self.seen[key] = {'first': now}
                alive.add(pid)
                if self.seen[key].get('comm') != comm:  # new, or exec'd another program
                    with open(f'/proc/{pid}/cmdline', 'rb') as f:
                        cmd = f.read().replace(b'\0', b' ').decode(errors='replace').strip()
                    self.seen[key].update(kind=kind_of(cmd), cmd=cmd[:200], comm=comm)
                # own utime + stime only (children are counted as processes of their own)
                self.seen[key]['cpu'] = (int(fields[11]) + int(fields[12])) / TICK
                if self.seen[key].get('kind', '').startswith('chromium'):
                    threads = self.seen[key].setdefault('threads', {})
                    for tid in os.listdir(f'/proc/{pid}/task'):
                        try:
                            with open(f'/proc/{pid}/task/{tid}/stat', 'rb') as f:
                                t = f.read().decode()
                        except FileNotFoundError:
                            continue
                        tf = t[t.rindex(')') + 2:].split(' ')
                        # thread names end in a number per pool member (ThreadPoolForegroundWorker, V8 DefaultWorker...)
                        threads[tid] = (re.sub(r'[0-9/]+$', '', t[t.index('(') + 1:t.rindex(')')]).strip(), (int(tf[11]) + int(tf[12])) / TICK)
                self.seen[key]['last'] = now
            except (FileNotFoundError, ProcessLookupError, ValueError, IndexError, PermissionError):
                continue
        self.alive = alive
        by_kind: dict[str, float] = {}
        for p in self.seen.values():
            if 'kind' in p:
                by_kind[p['kind']] = by_kind.get(p['kind'], 0) + p.get('cpu', 0)
        self.series.append((now, by_kind))

    def run(self) -> None:
        while not self.stop.is_set():
            self.sample()
            self.stop.wait(self.interval)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument('--out')
    ap.add_argument('--interval', type=float, default=0.25)
    ap.add_argument('--grace', type=float, default=20, help='seconds to wait for orphans after the command ends')
    ap.add_argument('command', nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command and a.command[0] == '--' else a.command
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise OSError(ctypes.get_errno(), 'prctl(PR_SET_CHILD_SUBREAPER)')
    tag = uuid.uuid4().hex
    sampler = Sampler(tag, a.interval)
    sampler.start()
    started = time.time()
    child = os.fork()
    if child == 0:
        os.environ[TAG] = tag
        os.execvp(cmd[0], cmd)
    status, ended, leftovers = None, None, []
    signal.signal(signal.SIGINT, lambda *_: os.kill(child, signal.SIGINT))
    while True:
        try:
            pid, st, _ = os.wait4(-1, os.WNOHANG if ended else 0)
        except ChildProcessError:
            break
        if pid == child:
            status, ended = os.waitstatus_to_exitcode(st), time.time()
        if pid == 0:
            if time.time() - ended > a.grace:
                leftovers = [k for k, p in sampler.seen.items() if os.path.exists(f'/proc/{k[0]}') and p['last'] > ended]
                break
            time.sleep(0.2)
    sampler.stop.set()
    sampler.join()
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = ru.ru_utime + ru.ru_stime
    kinds: dict[str, list] = {}
    for p in sampler.seen.values():
        k = kinds.setdefault(p['kind'], [0.0, 0])
        k[0] += p.get('cpu', 0)
        k[1] += 1
    sampled = sum(v[0] for v in kinds.values())
    threads: dict[str, float] = {}
    for p in sampler.seen.values():
        for name, cpu in p.get('threads', {}).values():
            k = f"{p['kind']} / {name}"
            threads[k] = threads.get(k, 0) + cpu
    report = {
        'command': ' '.join(cmd), 'exit': status, 'wallS': round((ended or time.time()) - started, 1),
        'cpuS': round(total, 1), 'userS': round(ru.ru_utime, 1), 'sysS': round(ru.ru_stime, 1),
        'byKind': {k: {'cpuS': round(v[0], 1), 'processes': v[1]} for k, v in sorted(kinds.items(), key=lambda kv: -kv[1][0])},
        'unsampledS': round(total - sampled, 1),
        'chromiumThreads': {k: round(v, 1) for k, v in sorted(threads.items(), key=lambda kv: -kv[1]) if v >= 0.1},
        'processes': sorted(({'cpuS': round(p.get('cpu', 0), 2), 'kind': p['kind'], 'cmd': p['cmd'], 'first': round(p['first'] - started, 1), 'last': round(p.get('last', p['first']) - started, 1)} for p in sampler.seen.values() if 'kind' in p), key=lambda p: -p['cpuS']),
        'leftovers': [sampler.seen[k]['cmd'] for k in leftovers],
        'started': started,
        'series': [(round(t - started, 2), {k: round(c, 2) for k, c in by.items()}) for t, by in sampler.series[::4]],
    }
    print(f"-- suiteCpu: exit {status}, wall {report['wallS']} s, CPU {report['cpuS']} s (user {report['userS']}, sys {report['sysS']}), unsampled {report['unsampledS']} s", file=sys.stderr)
    for k, v in report['byKind'].items():
        print(f"   {k:32s} {v['cpuS']:8.1f} s  {v['processes']:5d} processes", file=sys.stderr)
    for k, v in list(report['chromiumThreads'].items())[:15]:
        print(f"     thread {k:60s} {v:8.1f} s", file=sys.stderr)
    if leftovers:
        print(f"   still running {a.grace} s after the command ended: {report['leftovers']}", file=sys.stderr)
    if a.out:
        with open(a.out, 'w') as f:
            json.dump(report, f)
    return status if status is not None else 1


if __name__ == '__main__':
    sys.exit(main())
