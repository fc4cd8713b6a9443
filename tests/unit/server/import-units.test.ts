import { describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { bodyWords } from '../../../src/server/import/bodyWords';
import { ConcatBlob } from '../../../src/server/import/ConcatBlob';
import { demoCorpusFiles } from '../../../src/server/import/importDemoCorpus';
import { defaultImportLimits } from '../../../src/server/import/ImportLimits';
import { readFileSources } from '../../../src/server/import/readSources';
import { htmlToText } from '../../../src/server/import/htmlToText';
import { isMbox, splitMbox, streamMbox } from '../../../src/server/import/mbox';
import { normalizeBody } from '../../../src/server/import/normalizeBody';
import { sanitizeText } from '../../../src/server/import/sanitizeText';
import { searchQuery, searchVector } from '../../../src/server/import/searchVector';
import { hammingDistance, simhash, simhashBands } from '../../../src/server/import/simhash';

// The import pipeline's pure parts (docs/decisions/email-import.md).

describe('splitMbox', () => {
  it('splits on From_ lines, drops them and the separator blank line, undoes >From quoting', () => {
    const box = Buffer.from('From a@b Mon Sep 2 2024\nSubject: 1\n\nbody one\n>From here\n\nFrom c@d Tue Sep 3 2024\nSubject: 2\n\nbody two\n');
    expect(isMbox(box)).toBe(true);
    expect(splitMbox(box).map((m) => m.toString())).toEqual(['Subject: 1\n\nbody one\nFrom here\n', 'Subject: 2\n\nbody two\n']);
  });
  it('keeps bytes that are not UTF-8 exactly', () => {
    const msg = Buffer.from([0x53, 0x3a, 0x20, 0xe9, 0xff, 0x0a, 0x0a, 0x80]);
    const out = splitMbox(Buffer.concat([Buffer.from('From x\n'), msg]));
    expect(out).toHaveLength(1);
    expect(out[0].equals(msg)).toBe(true);
  });
  it('splits the same way however small the chunks it streams in (issue 11: never the whole file in memory)', () => {
    const box = Buffer.from('From a@b Mon Sep 2 2024\r\nSubject: 1\r\n\r\nbody one\r\n>From here\r\n\r\nFrom c@d Tue Sep 3 2024\nSubject: 2\n\nbody two\n\nFrom e\nSubject: 3\n\nthree\n');
    const whole = splitMbox(box).map((m) => m.toString());
    expect(whole).toEqual(['Subject: 1\r\n\r\nbody one\r\nFrom here\r\n', 'Subject: 2\n\nbody two\n', 'Subject: 3\n\nthree\n']);
    for (const chunk of [1, 2, 3, 5, 7, 16, 64]) expect(splitMbox(box, chunk).map((m) => m.toString()), `chunk ${chunk}`).toEqual(whole);
  });
  it('skips a message over the size cap as it streams past, reporting its size', () => {
    const box = Buffer.from(`From a\nSubject: big\n\n${'x'.repeat(10_000)}\n\nFrom b\nSubject: small\n\nok\n`);
    const read = (into: Buffer, pos: number) => box.copy(into, 0, pos, Math.min(box.length, pos + into.length));
    const items = [...streamMbox(read, { chunkBytes: 256, maxMessageBytes: 1000 })];
    expect(items).toHaveLength(2);
    expect('tooLarge' in items[0] && items[0].tooLarge).toBeGreaterThan(10_000);
    expect('raw' in items[1] && items[1].raw.toString()).toBe('Subject: small\n\nok\n');
  });
  it('treats a file not starting with "From " as no mbox', () => {
    expect(isMbox(Buffer.from('Subject: x\n\nFrom here'))).toBe(false);
  });
});

describe('normalizeBody', () => {
  it('lower-cases, drops tags and tracking query strings, collapses whitespace', () => {
    expect(normalizeBody('', '<p>Hello   <b>World</b></p><a href="x">https://a.example/x?utm=1&u=2#f</a>')).toBe('hello world https://a.example/x');
    expect(normalizeBody('  Mixed\n\nCASE  ', '<p>ignored</p>')).toBe('mixed case');
  });
  it('reads visible HTML text only', () => {
    expect(htmlToText('<style>p{}</style><script>x()</script><p>A&amp;B&nbsp;&#67;</p>')).toBe('A&B C');
  });
});

describe('simhash', () => {
  it('is stable, near for a one-word edit and far for unrelated text', () => {
    // A mailing-sized text (about 60 words); very short texts move further per edited word.
    const a = normalizeBody(
      'Dear customer, our autumn catalogue is here with forty new arrivals in every department. Browse jackets, boots, scarves ' +
        'and gloves, all with free delivery on orders over fifty dollars. Members earn double points this week and can return ' +
        'anything within sixty days for a full refund. Visit the quick shop to see the full range today.',
      '',
    );
    const b = a.replace('quick', 'swift');
    const c = 'quarterly statement ready log in to view balance payments rewards and offers from your bank today';
    expect(simhash(a)).toBe(simhash(a));
    expect(hammingDistance(simhash(a) as bigint, simhash(b) as bigint)).toBeLessThanOrEqual(3);
    expect(hammingDistance(simhash(a) as bigint, simhash(c) as bigint)).toBeGreaterThan(3);
    expect(simhash('too short to fingerprint')).toBeUndefined();
  });
  it('shares a band whenever two hashes are within distance 3 (pigeonhole)', () => {
    const h = simhash('one two three four five six seven eight nine ten eleven twelve') as bigint;
    const flipped = BigInt.asIntN(64, h ^ (1n << 3n) ^ (1n << 20n) ^ (1n << 40n));
    const a = simhashBands(h);
    const b = simhashBands(flipped);
    expect(a.some((v, i) => v === b[i])).toBe(true);
  });
});

describe('bodyWords', () => {
  // Letters and digits of any script, astral ones (surrogate pairs) included; lone surrogates, marks
  // and punctuation separate words; a word longer than 64 characters counts for simhash only.
  const text = `été x2 ① ½ 東京 ٣٤ 𝐀𝐁𝐂 a\ud800b c\udc00 e\u0301 ${'z'.repeat(65)} été, x2; 𝐀𝐁𝐂 \ud835`;
  it('splits as /[\\p{L}\\p{N}]+/u does and counts each distinct word once, in first-occurrence order', () => {
    const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
    const counts = new Map<string, number>();
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
    const got = bodyWords(text);
    expect(got.total).toBe(words.length);
    expect(got.distinct).toEqual([...counts.keys()]);
    expect(got.counts).toEqual([...counts.values()]);
  });
  it('numbers the searchable occurrences within the first maxSearchWords words', () => {
    const got = bodyWords('a b a c d b', 4);
    expect(got.distinct).toEqual(['a', 'b', 'c', 'd']);
    expect(got.searchOrdinal).toEqual([1, 2, 4, 0]);
    expect(got.searchable).toBe(4);
    // The body as bodyWords split it gives the vector that walking its words gives.
    const body = 'sale ends sale big x' + ' y'.repeat(5);
    expect(searchVector([['A', 'Big Sale'], ['D', bodyWords(body)]])).toBe(searchVector([['A', 'Big Sale'], ['D', body]]));
    expect(searchVector([['D', bodyWords(body)], ['A', 'Big Sale']])).toBe(searchVector([['D', body], ['A', 'Big Sale']]));
  });
});

describe('search lexemes', () => {
  it('builds a weighted tsvector literal and a prefix tsquery', () => {
    expect(searchVector([['A', 'Big Sale'], ['B', 'news@shop.example'], ['D', 'sale ends']])).toBe("'big':1A 'sale':2A,6D 'news':3B 'shop':4B 'example':5B 'ends':7D");
    expect(searchVector([['A', 'Big Sale'], ['B', 'news@shop.example'], ['D', bodyWords('sale ends')]])).toBe("'big':1A 'sale':2A,6D 'news':3B 'shop':4B 'example':5B 'ends':7D");
    expect(searchQuery("Don't miss")).toBe("'don' & 't' & 'miss':*");
    expect(searchQuery('  ...  ')).toBeNull();
  });
});

describe('sanitizeText', () => {
  it('removes NUL and replaces lone surrogates so PostgreSQL accepts the text', () => {
    expect(sanitizeText('a\u0000b\ud800c')).toBe('ab\ufffdc');
  });
});

describe('ConcatBlob (the parser worker\'s Blob)', { timeout: 60_000 }, () => {
  it('gives the bytes the native Blob gives for strings, views, buffers and blobs', async () => {
    const parts = ['héllo \u{1F600}\n', new Uint8Array([0, 255, 10]), new Uint16Array([0x4142]).buffer, new DataView(new Uint8Array([7, 8, 9]).buffer, 1, 2), new Blob(['inner'])];
    const native = new Uint8Array(await new Blob(parts, { type: 'application/octet-stream' }).arrayBuffer());
    const ours = new Uint8Array(await new ConcatBlob(parts, { type: 'application/octet-stream' }).arrayBuffer());
    expect(ours).toEqual(native);
    expect(new Uint8Array(await new ConcatBlob().arrayBuffer())).toEqual(new Uint8Array());
  });
  it('leaves what postal-mime parses unchanged on demo corpus messages (qp, base64, attachments)', async () => {
    const sources = demoCorpusFiles().filter((_, i) => i % 15 === 0).flatMap((f) => [...readFileSources(f, defaultImportLimits)]).flatMap((s) => ('raw' in s ? [s.raw] : []));
    expect(sources.length).toBeGreaterThan(350);
    const parseAll = async () => {
      const out: string[] = [];
      for (const raw of sources) {
        const e = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
        out.push(JSON.stringify([e.text, e.html, e.subject, e.attachments.map((a) => Buffer.from(a.content as ArrayBuffer).toString('base64'))]));
      }
      return out;
    };
    const native = await parseAll();
    const nativeBlob = globalThis.Blob;
    globalThis.Blob = ConcatBlob as unknown as typeof Blob;
    try {
      expect(await parseAll()).toEqual(native);
    } finally {
      globalThis.Blob = nativeBlob;
    }
  });
});
