import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPortal } from '../helpers/runPortal';
import { e2eAdminPassword } from '../e2e/helpers/signIn';
import { copySeededDataDir } from './helpers/startServer';
import { startInProcess } from './helpers/startInProcess';
import { signIn } from './helpers/portalClient';

// An operator's `portal user add` (or role, seed, import, rules diff --products db ...) beside a
// running `portal serve` on the same DATA_DIR opened a second PostgreSQL on the embedded database's
// files: the user it "created" never reached the server (sign-in refused), and the two processes
// wrote over each other's pages. The command now refuses, saying what to do instead.
describe('a command beside a portal running on the same embedded database', { timeout: 300_000 }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-in-use-'));
  const dataDir = join(tmp, 'data');
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is refused while the portal runs, and works once it is stopped', async () => {
    copySeededDataDir('empty', dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: undefined, LOG_LEVEL: 'warn' };
    const server = await startInProcess(dataDir);
    try {
      for (const args of [['role', 'list'], ['user', 'add', '--username', 'beside', '--role', 'reviewer'], ['seed']]) {
        await expect(runPortal(args, { env }), args.join(' ')).rejects.toThrow(
          `A portal is running on DATA_DIR ${dataDir} and holds its embedded database; a second process opening it would corrupt it. Stop that portal first`,
        );
      }
      // Emails reach a running portal through its drop folder: the refusal says so.
      await expect(runPortal(['import', join(tmp, 'mail.eml')], { env })).rejects.toThrow('emails: put the files in its IMPORT_DROP_DIR');
      // The backup still goes through the running portal, and the portal still answers.
      const backup = await runPortal(['backup', join(tmp, 'b.backup')], { env });
      expect(backup.stdout).toContain('taken by the running server');
      expect(await signIn(server.url, 'admin', e2eAdminPassword)).toBeTruthy();
    } finally {
      await server.stop();
    }
    const listed = await runPortal(['role', 'list'], { env });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('reviewer');
  });
});
