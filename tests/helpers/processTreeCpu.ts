import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds `root` and every descendant alive now have used: utime + stime of each and the
 * cutime + cstime of the children each has reaped (proc(5), clock ticks of 1/100 s). A Chromium's
 * ended renderers are counted by the zygote that reaped them. 0 where /proc is missing.
 */
export function processTreeCpu(root: number): number {
  const parent = new Map<number, number>();
  const cpu = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(e), Number(f[1]));
      cpu.set(Number(e), (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100);
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  let sum = 0;
  for (const [pid, s] of cpu) if (inTree(pid)) sum += s;
  return sum;
}
