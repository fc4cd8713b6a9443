import { describe, expect, it } from 'vitest';
import { cataloguedElsewhereFile, cataloguedElsewhereKeys } from '../../../src/app/product/CataloguedElsewherePanel';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';
import { spaceyDashboardFile, spaceyMessage, spaceyMessageKeys } from '../../../src/server/predictions/spaceyMessages';
import { lostUpdateFile, lostUpdateKeys, lostUpdateText } from '../../../src/shared/lostUpdateText';
import { metadataText } from '../../../src/shared/metadataText';
import { sectorChainText } from '../../../src/shared/sectorChainText';

// docs/decisions/route-texts-in-rule-files.md: the two-editors refusal, the Copy panel and the accept-prediction
// answer are worded in metadata, read by the server and the editor from the files the server serves.
const { files } = loadMetadataFromDir(projectRoot);
const textsOf = (file: string): Record<string, unknown> => {
  const f = files[file] as { 'x-messages'?: Record<string, unknown>; messages?: Record<string, unknown> };
  return f['x-messages'] ?? f.messages ?? {};
};
/** The metadata with one text reworded, as an analyst's edit leaves it. */
const reworded = (file: string, key: string, text: string) => {
  const f = files[file] as Record<string, unknown>;
  const where = 'x-messages' in f ? 'x-messages' : 'messages';
  return { ...files, [file]: { ...f, [where]: { ...(f[where] as object), [key]: text } } };
};

describe('texts analysts word in metadata', () => {
  it('every key the code uses is in its file', () => {
    for (const [file, keys] of [[lostUpdateFile, lostUpdateKeys], [cataloguedElsewhereFile, cataloguedElsewhereKeys], [spaceyDashboardFile, spaceyMessageKeys]] as const) {
      for (const key of keys) expect(typeof textsOf(file)[key], `${file}: ${key}`).toBe('string');
    }
  });

  it('fills {placeholders}, leaves unknown ones, and shows the key of a missing text', () => {
    expect(lostUpdateText(files, 'lostUpdate', { user: 'ann', at: '06/01/2024 10:00:00 AM' })).toBe(
      'ann changed this product at 06/01/2024 10:00:00 AM (UTC), after you opened it. Nothing was saved, so their change is kept; yours are still on your screen.',
    );
    expect(metadataText(files, cataloguedElsewhereFile, 'cataloguedElsewhere', { muid: 42 })).toBe('Email 42 is already catalogued');
    expect(metadataText(files, cataloguedElsewhereFile, 'cataloguedElsewhere')).toBe('Email {muid} is already catalogued');
    expect(metadataText(files, lostUpdateFile, 'noSuchKey')).toBe('noSuchKey');
  });

  it("an analyst's rewording is what the server and the editor say", () => {
    expect(lostUpdateText(reworded(lostUpdateFile, 'lostUpdateLoad', 'Reload with my edits'), 'lostUpdateLoad')).toBe('Reload with my edits');
    const spacey = { files: reworded(spaceyDashboardFile, 'chainNowWas', 'sector chain {before} became {chain}') };
    expect(spaceyMessage('chainNowWas', { chain: 'Banking > Checking', before: 'Credit Card' }, spacey)).toBe('sector chain Credit Card became Banking > Checking');
  });

  it('words a sector chain as the editor lists it, a level without a name by its id', () => {
    expect(sectorChainText([{ id: 1, name: 'Banking' }, { id: 7, name: 'Checking' }])).toBe('Banking > Checking');
    expect(sectorChainText([{ id: 3 }])).toBe('3');
    expect(sectorChainText(undefined)).toBe('');
  });
});
