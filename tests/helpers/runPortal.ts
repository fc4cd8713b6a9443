import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { registerCommands } from '../../src/cli/commands/index';
import { projectRoot } from '../../src/server/paths';

export interface PortalRun {
  status: number;
  stdout: string;
  stderr: string;
}

type Env = Record<string, string | undefined>;

/**
 * Runs `portal ...args` in this process, as bin/portal.js does (src/cli/main.ts), and answers what
 * a QA script would see: exit status, stdout, stderr. A spawned `node bin/portal.js` costs seconds of
 * CPU to load the command's modules; the suites run hundreds of commands. `env` is laid over
 * process.env for the run only (commands read DATA_DIR, DATABASE_URL, ... from it). Runs one at a
 * time: console, process.env and process.exitCode are the process's own.
 * portalProcess (below) spawns the real command line for the smoke test.
 */
export async function runPortal(args: string[], opts: { env?: Env } = {}): Promise<PortalRun> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, exitCode: process.exitCode };
  const savedEnv: Env = {};
  const line = (to: string[]) => (...parts: unknown[]) => void to.push(`${parts.map((p) => (typeof p === 'string' ? p : String(p))).join(' ')}\n`);
  for (const [key, value] of Object.entries(opts.env ?? {})) {
    savedEnv[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  console.log = console.info = line(stdout);
  console.warn = console.error = line(stderr);
  process.exitCode = undefined;
  let status: number;
  try {
    const program = new Command()
      .name('portal')
      .exitOverride()
      .configureOutput({ writeOut: (s) => void stdout.push(s), writeErr: (s) => void stderr.push(s) });
    const argv = [process.execPath, join(projectRoot, 'bin/portal.js'), ...args];
    await registerCommands(program, argv);
    await program.parseAsync(argv);
    status = Number(process.exitCode ?? 0);
  } catch (e) {
    // Commander's own exits (unknown option, missing argument, --help) throw under exitOverride.
    if (!(e instanceof CommanderError)) throw e;
    status = e.exitCode;
  } finally {
    Object.assign(console, { log: saved.log, info: saved.info, warn: saved.warn, error: saved.error });
    process.exitCode = saved.exitCode;
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** Spawns `node bin/portal.js ...args` as a user's shell does: the command line's smoke test. */
export function portalProcess(args: string[], opts: { env?: Env; timeoutMs?: number } = {}): PortalRun {
  const r = spawnSync(process.execPath, [join(projectRoot, 'bin/portal.js'), ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    env: { ...process.env, ...opts.env },
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
