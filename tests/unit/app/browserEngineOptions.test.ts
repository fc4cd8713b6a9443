import { describe, expect, it } from 'vitest';
import { browserEngineOptions } from '../../../src/app/browserEngineOptions';
import { areaFiles, buildModel, createEngine, type FunctionSource } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { metadataHash } from '../../../src/server/metadataHash';
import { projectRoot } from '../../../src/server/paths';

// Issue 31 item 5: the browser's engine takes the build's rule functions only for the metadata they were made from.
describe('browserEngineOptions', () => {
  it('gives the build-time functions when the served metadata is the one the client was built from', async () => {
    const options = await browserEngineOptions(metadataHash(projectRoot), 'product');
    const functions = options.functions as FunctionSource & { found: number; missing: number };
    expect(functions).toBeDefined();
    const metadata = loadMetadataFromDir(projectRoot);
    const engine = createEngine(metadata, options);
    expect(functions.missing).toBe(0);
    expect(functions.found).toBeGreaterThan(150);
    // Issue 31 item 7: with the build's rules, composed as from the files (gates expanded, codes by key resolved).
    expect(engine.model.rules).toEqual(buildModel(metadata).rules);
  });

  it("gives a form area's own rules, not the product's", async () => {
    const metadata = loadMetadataFromDir(projectRoot);
    const options = await browserEngineOptions(metadataHash(projectRoot), 'forward');
    expect(options.preparedRules).toEqual(buildModel({ files: areaFiles(metadata.files, 'forward') }).rules);
    expect(options.preparedRules!.length).toBeGreaterThan(0);
    expect((await browserEngineOptions(metadataHash(projectRoot), 'no-such-area')).preparedRules).toBeUndefined();
  });

  it('gives closures for other metadata (an edit under portal dev, another METADATA_DIR)', async () => {
    expect(await browserEngineOptions('0'.repeat(64), 'product')).toEqual({});
  });
});
