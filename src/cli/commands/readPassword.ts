import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/**
 * The password for `portal user add/passwd`: the first line of stdin when piped (scripts), or a
 * prompt that does not echo when run in a terminal.
 */
export async function readPassword(prompt = 'Password: '): Promise<string> {
  if (!process.stdin.isTTY) {
    let data = '';
    for await (const chunk of process.stdin) data += chunk;
    return data.split(/\r?\n/)[0];
  }
  process.stderr.write(prompt);
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}
