import { useEffect, useState } from 'react';
import { createEngine, type Engine } from '../../engine';
import { browserEngineOptions, loadRuleFunctions } from '../browserEngineOptions';
import { loadMetadataFiles } from '../loadMetadataFiles';
import { splitMetadata, type ProductMetadata } from './splitMetadata';

export interface ProductEngine extends ProductMetadata {
  engine: Engine;
  version: string;
  /** Every served metadata file by path: the texts analysts word there (metadataText) are read from these. */
  files: Readonly<Record<string, unknown>>;
}

let loading: Promise<ProductEngine> | null = null;

/** Loads /api/metadata once per page and builds the engine the server also runs. */
export function loadProductEngine(): Promise<ProductEngine> {
  if (!loading) {
    void loadRuleFunctions();
    loading = loadMetadataFiles().then(async (md) => ({
      engine: createEngine({ files: md.files }, await browserEngineOptions(md.version, 'product')),
      version: md.version,
      files: md.files,
      ...splitMetadata(md.files),
    }));
    // A failed load (e.g. signed out) may be retried by the next screen.
    loading.catch(() => (loading = null));
  }
  return loading;
}

export type ProductEngineState = { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & ProductEngine);

/** The engine in the browser, loaded once: evaluate every edit with it (see useProductDocument). */
export function useProductEngine(): ProductEngineState {
  const [state, setState] = useState<ProductEngineState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadProductEngine().then(
      (pe) => live && setState({ status: 'ready', ...pe }),
      (e: unknown) => live && setState({ status: 'error', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
