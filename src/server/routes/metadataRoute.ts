import type { LintProblem, Metadata } from '../../engine/types';
import { metadataStore, type MetadataSnapshot } from '../metadata/metadataStore';
import type { RoutePlugin } from './RoutePlugin';

/** GET /api/metadata answer: the files the browser's engine is created from, and their version. */
export interface MetadataResponse {
  version: string;
  files: Metadata['files'];
  /** Lint problems of the files on disk that were refused (the last good `files` keep serving). */
  problems: LintProblem[];
  /** The server reloads the metadata when a file changes (`portal dev`). */
  watching: boolean;
}

/**
 * GET /api/metadata: the metadata this server runs (from the metadata store, so a `portal dev`
 * reload shows here without a restart), so the browser's engine evaluates exactly the rules the
 * server enforces. The version lets clients cache it.
 */
export const metadataRoutes: RoutePlugin = async (app) => {
  const store = metadataStore();
  // Serialised once per snapshot/problem set: the files are large and change rarely.
  let cache: { snapshot: MetadataSnapshot; problems: LintProblem[]; watching: boolean; json: string } | undefined;
  app.get('/api/metadata', { config: { signedIn: true } }, async (_req, reply) => {
    const snapshot = store.current();
    const { problems, watching } = store;
    if (cache?.snapshot !== snapshot || cache.problems !== problems || cache.watching !== watching) {
      const body: MetadataResponse = { version: snapshot.version, files: snapshot.metadata.files, problems, watching };
      cache = { snapshot, problems, watching, json: JSON.stringify(body) };
    }
    reply.header('content-type', 'application/json; charset=utf-8').header('etag', `"${snapshot.version}"`);
    return cache.json;
  });
};
