import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { portalProcess } from '../../helpers/runPortal';
import { portal } from './cliRunner';
import { directMail, miniDir, TODAY } from './miniMetadata';

const tmp = mkdtempSync(join(tmpdir(), 'portal-rules-cli-'));
const write = (name: string, content: unknown) => {
  const file = join(tmp, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

describe('portal rules (CLI contract, issue 3 §3)', { timeout: 60_000 }, () => {
  it('lint: exit 0 and a one-line OK summary on good metadata', async () => {
    const r = await portal('rules', 'lint', miniDir);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^OK: 17 files, 7 code tables, 5 blocks, 24 fields, 20 rules$/);
  });

  it('the command line itself (node bin/portal.js, spawned): exit codes and output as in process', () => {
    // The one spawned smoke test: every other CLI test runs the same commands in process.
    const ok = portalProcess(['rules', 'lint', miniDir]);
    expect(ok.stdout.trim()).toMatch(/^OK: 17 files, 7 code tables, 5 blocks, 24 fields, 20 rules$/);
    expect(ok.status).toBe(0);
    const missing = portalProcess(['rules', 'check', join(tmp, 'missing.json'), '--dir', miniDir]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^cannot read document /);
    // A command's refusal is one line and exit 1, not a stack trace (an operator's restore into a used data directory).
    const used = mkdtempSync(join(tmpdir(), 'portal-restore-used-'));
    cpSync(miniDir, join(used, 'db'), { recursive: true });
    const backup = write('any.backup', 'x');
    const refused = portalProcess(['restore', backup], { env: { DATA_DIR: used, LOG_LEVEL: 'info' } });
    expect(refused.stderr).toBe(`portal: cannot restore ${backup}: ${join(used, 'db')} is not empty: restore into an empty data directory\n`);
    expect(refused.status).toBe(1);
  });

  it('lint: exit 1 and file:json-path: problem lines on broken metadata', async () => {
    const dir = join(tmp, 'broken');
    cpSync(miniDir, dir, { recursive: true });
    const file = join(dir, 'rules/product/gates.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"var": "media_channel"', '"var": "media_chanel"'));
    const r = await portal('rules', 'lint', dir);
    expect(r.status).toBe(1);
    expect(r.stdout.trim().split('\n')).toEqual(['rules/product/gates.json:$.rules[0].when.and[0]["=="][0].var: unknown field "media_chanel"']);
  });

  it('lint: a file that is not JSON is named with the line and column of the mistake', async () => {
    // An analyst's trailing comma: "position 363" alone sent them counting characters.
    const dir = join(tmp, 'trailing-comma');
    cpSync(miniDir, dir, { recursive: true });
    const file = join(dir, 'rules/product/gates.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `{\n  "rules": [\n    { "id": "x", "kind": "visible", },\n  ]\n}\n`);
    const r = await portal('rules', 'lint', dir);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^rules\/product\/gates\.json:\$: not valid JSON: line 3, column 37: /m);
    writeFileSync(file, text);
    const doc = await portal('rules', 'check', write('comma.json', '{\n  "media_channel": 1,\n}'), '--dir', miniDir);
    expect(doc.status).toBe(2);
    expect(doc.stderr).toMatch(/is not valid JSON: line 3, column 1: /);
  });

  it('check: one JSON object, exit 0 without errors', async () => {
    const r = await portal('rules', 'check', write('ok.json', directMail()), '--dir', miniDir, '--action', 'approve', '--now', TODAY);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['visible', 'errors', 'derived']);
    expect(out.visible).toEqual(['main', 'delivery', 'delivery_details', 'advertiser', 'promotion']);
    expect(out.errors).toEqual([]);
  });

  it('check: exit 1 with {rule, field, message} errors and derived changes', async () => {
    const doc = { ...directMail(), media_channel: 2, offer_expiry_date: '2024-04-01' };
    const r = await portal('rules', 'check', write('bad.json', doc), '--dir', miniDir, '--action', 'save', '--now', TODAY);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.errors).toEqual([{ rule: 'dates.expiry', field: 'offer_expiry_date', message: 'Offer Expiry date 2024-04-01 cannot be older than Entry Date 2024-05-01' }]);
    expect(out.derived).toMatchObject({ 'delivery.delivery_method': null });
    expect(out.visible).not.toContain('delivery');
  });

  it('check: exit 2 on a missing or unparsable document', async () => {
    expect((await portal('rules', 'check', join(tmp, 'missing.json'), '--dir', miniDir)).status).toBe(2);
    const r = await portal('rules', 'check', write('garbage.json', '{"media_channel": '), '--dir', miniDir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not valid JSON/);
    expect(r.stdout).toBe('');
  });

  it('explain: prints the trace; exit 2 for an unknown target', async () => {
    const doc = write('dm2.json', { ...directMail(), media_channel: 2 });
    const r = await portal('rules', 'explain', doc, 'delivery', '--dir', miniDir);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('Delivery hidden: rule delivery.visible: Media Channel is Print (2), needs: Media Channel is Direct Mail (1)');
    expect((await portal('rules', 'explain', doc, 'no_such_block', '--dir', miniDir)).status).toBe(2);
  });
});
