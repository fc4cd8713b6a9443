import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/engine';
import { acceptAttribute, nameFitsType, typeOfBrowserFile, typeOfSniffed, UPLOAD_TYPE_TABLE, uploadTypesOf } from '../../../src/engine/policy/uploadTypes';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../../src/server/paths';

// 001 §5 File input: images for channel 5, a configured list for 19 and 20, otherwise PDF or Excel;
// 'Invalid file type' / 'cannot upload this file format'. One table and one rule file, read by
// the editor (browser type, accept attribute) and the server (sniffed type) alike.
const engine = createEngine(loadMetadataFromDir(projectRoot), { now: () => '2024-06-01' });
const table = engine.model.codeTables.get(UPLOAD_TYPE_TABLE);
const types = uploadTypesOf(table?.entries, table?.annotations);
const check = (doc: Record<string, unknown>) => engine.evaluate({ upload: { file_name: 'f', file_size: 10 }, ...doc }, { action: 'upload' });
const allowed = (channel: number, extra: Record<string, unknown> = {}) =>
  (check({ media_channel: channel, ...extra }).fields.upload_type?.options ?? []).map((o) => (typeof o === 'object' ? o.const : o));

describe('upload types and channel rules from metadata', () => {
  it('maps what the browser says and what sniffing finds to one stored type', () => {
    expect(typeOfBrowserFile(types, 'audio/x-wav', 'a.wav')?.mime).toBe('audio/wav');
    expect(typeOfBrowserFile(types, '', 'Report.XLSX')?.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(typeOfBrowserFile(types, 'application/zip', 'a.zip')).toBeUndefined();
    expect(typeOfSniffed(types, 'cfb')?.mime).toBe('application/vnd.ms-excel');
    expect(typeOfSniffed(types, 'html')?.kind).toBe('html');
    expect(typeOfSniffed(types, 'exe')).toBeUndefined();
  });

  it('refuses a name that says another type than the content, and program names whatever the content', () => {
    const html = typeOfSniffed(types, 'html')!;
    const pdf = typeOfSniffed(types, 'pdf')!;
    expect(nameFitsType(types, 'landing.htm', html)).toBe(true);
    expect(nameFitsType(types, 'photo.png', html)).toBe(false);
    expect(nameFitsType(types, 'setup.exe', pdf)).toBe(false);
    expect(nameFitsType(types, '资料.pdf', pdf)).toBe(true);
    expect(nameFitsType(types, 'no-extension', pdf)).toBe(true);
  });

  it('keeps per channel the types §5 names', () => {
    const kinds = (c: number, extra?: Record<string, unknown>) => [...new Set(allowed(c, extra).map((m) => types.types.find((t) => t.mime === m)?.kind))].sort();
    expect(kinds(5)).toEqual(['image']);
    expect(kinds(19)).toEqual(['audio', 'html', 'image', 'pdf', 'video']);
    expect(kinds(20)).toEqual(['audio', 'html', 'image', 'pdf', 'video']);
    expect(kinds(3)).toEqual(['excel', 'pdf']);
    expect(kinds(14, { isMobile: 1 })).toEqual(['image', 'pdf', 'video']);
  });

  it("answers with the channel's message", () => {
    expect(check({ media_channel: 3, upload_type: 'image/png' }).errors.map((e) => e.message)).toEqual(['Invalid file type']);
    expect(check({ media_channel: 5, upload_type: null }).errors.map((e) => e.message)).toEqual(['Invalid file type']);
    expect(check({ media_channel: 19, upload_type: 'application/vnd.ms-excel' }).errors.map((e) => e.message)).toEqual(['cannot upload this file format']);
    expect(check({ media_channel: 20, upload_type: 'text/html' }).errors).toEqual([]);
  });

  it("gives the file input an accept list of the channel's types", () => {
    const accept = acceptAttribute(types, allowed(5)).split(',');
    expect(accept).toEqual(expect.arrayContaining(['image/png', '.png', 'image/jpeg', '.jpeg', 'image/jpg']));
    expect(accept).not.toContain('application/pdf');
    expect(acceptAttribute(types, allowed(19)).split(',')).toEqual(expect.arrayContaining(['text/html', '.html', '.htm', 'video/mp4']));
  });

  it('labels the upload Product Media on channels 19 and 20', () => {
    expect(check({ media_channel: 19 }).fields.product_pdf?.label).toBe('Product Media');
    expect(check({ media_channel: 3 }).fields.product_pdf?.label).toBe('Product PDF');
  });
});
