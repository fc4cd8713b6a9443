import { describe, expect, it } from 'vitest';
import { browserEngineOptions } from '../../../src/app/browserEngineOptions';
import { createEngine, type FunctionSource } from '../../../src/engine';
import { loadMetadataFromDir } from '../../../src/server/metadata/loadMetadataFromDir';
import { metadataHash } from '../../../src/server/metadataHash';
import { projectRoot } from '../../../src/server/paths';

// Issue 31 item 5: the browser's engine takes the build's rule functions only for the metadata they were made from.
describe('browserEngineOptions', () => {
  it('gives the build-time functions when the served metadata is the one the client was built from', async () => {
    const options = await browserEngineOptions(metadataHash(projectRoot));
    const functions = options.functions as FunctionSource & { found: number; missing: number };
    expect(functions).toBeDefined();
    createEngine(loadMetadataFromDir(projectRoot), options);
    expect(functions.missing).toBe(0);
    expect(functions.found).toBeGreaterThan(150);
  });

  it('gives closures for other metadata (an edit under portal dev, another METADATA_DIR)', async () => {
    expect(await browserEngineOptions('0'.repeat(64))).toEqual({});
  });
});
