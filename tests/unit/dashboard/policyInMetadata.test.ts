import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 10: email statuses, status lists and the email area's messages live once, in metadata
// (schemas/codes/email_status.json, schemas/dashboards/*.json, rules/dashboards/*.json); TypeScript
// refers to statuses by x-key and reads messages from the served files.

const root = join(import.meta.dirname, '../../..');
const read = (f: string) => readFileSync(join(root, f), 'utf8');
const tsFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes('generated'))
    .map((e) => relative(root, join(e.parentPath, e.name)));

const allTs = ['src', 'bin', 'bench'].flatMap((d) => { try { return tsFiles(d); } catch { return []; } });
/** The code of the email area: where a status number would be policy. */
const emailArea = allTs.filter((f) => /^src\/(server\/emails|ui\/dashboard|app\/dashboards|server\/seed)\//.test(f));

function metadataMessages(): string[] {
  const out: string[] = [];
  for (const dir of ['schemas/dashboards', 'rules/dashboards']) {
    for (const f of readdirSync(join(root, dir))) {
      const j = JSON.parse(read(`${dir}/${f}`)) as { messages?: Record<string, string | { text: string }>; checks?: Array<{ message: string }> };
      // A timed message is {text, ms} (000 §8).
      out.push(...Object.values(j.messages ?? {}).map((m) => (typeof m === 'string' ? m : m.text)), ...(j.checks ?? []).map((c) => c.message));
    }
  }
  // Placeholders aside, the fixed text of a template must not be written out in code either.
  return [...new Set(out.flatMap((m) => m.split(/\{\w+\}/)).map((s) => s.trim()).filter((s) => s.length >= 12))];
}

describe('email policy lives in metadata, not TypeScript', () => {
  it('no dashboard or search message is written out in TypeScript', () => {
    const messages = metadataMessages();
    expect(messages.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const f of allTs) {
      const text = read(f);
      for (const m of messages) if (text.includes(m)) found.push(`${f}: "${m}"`);
    }
    expect(found).toEqual([]);
  });

  it('no email status is named by its number in the email area (compare, assign or list one by x-key)', () => {
    const statusNumber = /\b(deleted|[A-Za-z]*[Ss]tatus(es)?)\b\s*(===|!==|==|!=|=|<>|:|\.includes\()\s*\[?\s*-?\d/;
    const statusList = /\b[A-Za-z]*([Ss]tatus(es)?|Statuses)\b\s*(=|:)\s*\[\s*-?\d/;
    const sqlStatus = /\bdeleted\s+(in|between)\s*\(?\s*\d/i;
    const found: string[] = [];
    for (const f of emailArea) {
      read(f).split('\n').forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        if (statusNumber.test(line) || statusList.test(line) || sqlStatus.test(line)) found.push(`${f}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(emailArea.length).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });

  it('the email area reads its metadata from the served files, never bundled', () => {
    const bundled = allTs.filter((f) => /^src\/(server\/emails|ui\/dashboard|app\/dashboards)\//.test(f) && /^import (?!type)[^\n]*'[./]*\/(schemas|rules)\/(dashboards|codes)\//m.test(read(f)));
    expect(bundled).toEqual([]);
  });
});
