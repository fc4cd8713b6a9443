import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { findCodeNumbers, readCodedFields, scanForCodeNumbers } from './codeNumbers';
import { forgetParsedSources, parsedSource } from './parsedSource';
import { findSortKeyLists, readSortKeys } from './sortKeyLists';

const root = join(import.meta.dirname, '..', '..', '..');
const coded = readCodedFields(root);
const sortKeys = readSortKeys(root);
const sources = execFileSync('git', ['ls-files', 'src'], { cwd: root, encoding: 'utf8' }).split('\n').filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));

/** The demo product generator still writes its codes by number (status, personalization, ...); every screen is scanned (issue 30 item 9). */
const codeScan = ['src/ui', 'src/api', 'src/engine', 'src/shared', 'src/cli', 'src/server', 'src/app'];
const notYet = new Set(['src/server/products/generateProducts.ts']);

// Issue 30 item 9: codes by key, a sortable column named once (in schemas/dashboards), Guess and
// Evidence defined once; the scans beside the one that keeps src/ui generic.
describe('named once, codes by key', () => {
  afterAll(forgetParsedSources);

  it('reads the coded fields and the dashboards\' sort keys', () => {
    for (const f of ['media_channel', 'product_status', 'audience', 'deleted', 'electronic_type']) expect(coded.has(f), f).toBe(true);
    expect(sortKeys.get('emails.json')).toEqual(new Set(['muid', 'email_subject', 'email_from_one', 'panelist_core', 'panelist_score', 'email_read', 'email_date']));
    expect(sortKeys.get('deduplicates.json')).toEqual(new Set(['ID', 'original_date', 'muid', 'email_date']));
  });

  it('no TypeScript under src/ui, src/api, src/engine, src/shared, src/cli, src/server or src/app (the screens, predictions too) names a code by number', { timeout: 60_000 }, () => {
    const found = scanForCodeNumbers(root, codeScan, coded)
      .filter((v) => !notYet.has(v.file))
      .map((v) => `${v.file}:${v.line}: ${v.field}: ${v.text}`);
    expect(found).toEqual([]);
  });

  it('no TypeScript under src lists a dashboard\'s sort keys (schemas/dashboards names them)', { timeout: 60_000 }, () => {
    const found = sources.flatMap((f) => findSortKeyLists(readFileSync(join(root, f), 'utf8'), sortKeys, f)).map((v) => `${v.file}:${v.line}: ${v.dashboard}: ${v.keys.join(', ')}`);
    expect(found).toEqual([]);
  });

  it('declares Guess, Evidence, PredictionTarget and ModelVariant once (src/api/predictionTypes.ts)', () => {
    const names = new Set(['Guess', 'Evidence', 'PredictionTarget', 'ModelVariant']);
    const declared: string[] = [];
    for (const f of sources) {
      const sf = parsedSource(f, readFileSync(join(root, f), 'utf8'));
      sf.forEachChild((n) => {
        if ((ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) && names.has(n.name.text)) declared.push(`${n.name.text} ${f}`);
      });
    }
    expect(declared.sort()).toEqual(['Evidence', 'Guess', 'ModelVariant', 'PredictionTarget'].map((n) => `${n} src/api/predictionTypes.ts`));
  });

  it('finds each kind of violation (so the scans above can fail)', () => {
    const source = [
      '// Comments may give examples: media_channel 3.',
      'export const draft = { media_channel: 3, audience: 1, electronic_type: [1], product_name: 7 };',
      'if (doc.product_status === 11) stop();',
      "if (row['deleted'] !== -1) row.deleted = 4;",
      "export const ok = { media_channel: code('email'), id: 3 };",
      "export const sorts = { enum: ['muid', 'email_subject', 'email_date'] };",
      "export type Sort = 'ID' | 'original_date' | 'muid';",
      "export const select = ['muid', 'deleted', 'email_subject', 'email_date'];",
    ].join('\n');
    expect(findCodeNumbers(source, coded, 'probe.ts').map((v) => `${v.line} ${v.field}`)).toEqual(['2 media_channel', '2 audience', '2 electronic_type', '3 product_status', '4 deleted', '4 deleted']);
    expect(findSortKeyLists(source, sortKeys, 'probe.ts').map((v) => `${v.line} ${v.dashboard}`)).toEqual(['6 emails.json', '7 deduplicates.json']);
  });
});
