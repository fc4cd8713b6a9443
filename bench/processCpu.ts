import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (utime + stime, all threads) a process has used so far, from /proc/<pid>/stat
 * (proc(5): clock ticks of 1/100 s); NaN once it is gone. On a shared machine a request's CPU
 * says more about its cost than its wall time, which includes waiting for the cores.
 */
export function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name: fields[0] is field 3 (state), utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** CPU seconds of each PostgreSQL backend serving `database` now, by pid (their titles name the database). */
export function postgresBackendsCpu(database: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      // "postgres: [15/main: ]<user> <database> <address> <state>"
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(title)?.[1] === database) out.set(Number(entry), processCpuSeconds(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU used between two postgresBackendsCpu readings, counting a backend first seen later from 0 (one that ended in between is lost). */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, s] of after) if (Number.isFinite(s)) sum += s - (before.get(pid) ?? 0);
  return sum;
}
