import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Chromium's flags besides the sandbox's: no GPU, /tmp for shared memory, no background traffic. */
const baseArgs = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'];

/** The uid and gid of a user from /etc/passwd (65534, nobody's usual ids, when it is not listed). */
function idsOf(user: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.split(':')[0] === user);
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : { uid: 65534, gid: 65534 };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

let wrapper: { file: string; for: string } | undefined;

/**
 * A launcher for a server running as root (issue 26): Chromium refuses its sandbox as root, so the
 * script hands Playwright's profile folder to `user` and starts Chromium as that user with setpriv,
 * sandbox on. Playwright talks to it over the inherited pipe (--remote-debugging-pipe), so no port
 * is opened. Written into a private temporary folder.
 */
function rootWrapper(executablePath: string, user: string): string {
  // Written again if a temp cleaner removed it while the server ran, or for another Chromium or user.
  if (wrapper && wrapper.for === `${user} ${executablePath}` && existsSync(wrapper.file)) return wrapper.file;
  const { uid, gid } = idsOf(user);
  const dir = mkdtempSync(join(tmpdir(), 'portal-chromium-'));
  const file = join(dir, 'chromium-as-user.sh');
  writeFileSync(
    file,
    `#!/bin/sh
# Chromium for the portal's PDF rendering, as ${user} (uid ${uid}) with its sandbox: the portal runs as root.
home=
for a in "$@"; do
  case "$a" in --user-data-dir=*) home="\${a#--user-data-dir=}"; chown -R ${uid}:${gid} "$home";; esac
done
# Chromium keeps its profile's lock socket and its shared memory files in TMPDIR: where ${user} may not write
# (a TMPDIR only root may write), /tmp stands in, else the profile folder it was just given (a socket's path is at
# most 107 bytes: a long TMPDIR would not do for that one).
can_write() { setpriv --reuid=${uid} --regid=${gid} --clear-groups test -w "$1" -a -x "$1"; }
if ! can_write "\${TMPDIR:-/tmp}"; then
  if can_write /tmp; then TMPDIR=/tmp; else TMPDIR="\${home:-/tmp}"; fi
  export TMPDIR
fi
exec setpriv --reuid=${uid} --regid=${gid} --clear-groups --inh-caps=-all env HOME="\${home:-/tmp}" ${shellQuote(executablePath)} "$@"
`,
  );
  chmodSync(file, 0o700);
  wrapper = { file, for: `${user} ${executablePath}` };
  return file;
}

/**
 * How the server starts Chromium for email PDFs: always with Chromium's sandbox; as `CHROMIUM_USER`
 * (default nobody) when the server runs as root. `CHROMIUM_NO_SANDBOX=1` turns the sandbox off for
 * hosts where it cannot start (no unprivileged user namespaces and no setuid helper).
 */
export function chromiumLaunchOptions(executablePath: string, env: NodeJS.ProcessEnv = process.env): { executablePath: string; args: string[]; chromiumSandbox: boolean } {
  if (env.CHROMIUM_NO_SANDBOX === '1') return { executablePath, args: baseArgs, chromiumSandbox: false };
  // Playwright adds --no-sandbox unless chromiumSandbox is set.
  if (process.getuid?.() === 0) return { executablePath: rootWrapper(executablePath, env.CHROMIUM_USER || 'nobody'), args: baseArgs, chromiumSandbox: true };
  return { executablePath, args: baseArgs, chromiumSandbox: true };
}
