import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../src/server/paths';

/** The HAProxy configuration the failover run uses (README "Several instances"). */
export const haproxyConfig = join(projectRoot, 'bench/haproxy/portal.cfg');

/** Debian's haproxy in the foreground on `bench/haproxy/portal.cfg`: the front door on `lb`, instances on `a` and `b`. */
export function startHaproxy(ports: { lb: number; a: number; b: number }): ChildProcess {
  const child = spawn('haproxy', ['-f', haproxyConfig, '-db'], {
    env: { ...process.env, PORTAL_LB_PORT: String(ports.lb), PORTAL_A_PORT: String(ports.a), PORTAL_B_PORT: String(ports.b) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.resume();
  return child;
}
