import type { RuleChangesResponse, RuleVersionsResponse } from '../../api/rulesTypes';
import { RuleCompileError } from '../../engine';
import { diffMetadata, measuredChanges, reportFrom } from '../../engine/diff';
import { visibleProductsCondition } from '../auth/objectAccess';
import { httpError } from '../httpError';
import { metadataStore } from '../metadata/metadataStore';
import { DISK, isRepositoryRoot, loadMetadataVersion, metadataVersionOptions, VersionError } from '../metadata/metadataVersions';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { storedProductsImpact } from './storedProductsImpact';

const view = { permission: { module: 'rules', operation: 'view' } };
const ref = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * The Rule changes screen's API (QA): the versions of the metadata folder that can be compared
 * (the files on disk, its git commits) and `rules diff` of two of them with the impact on the
 * stored products the caller may see (all of them for a role with every sector): the CLI's
 * `--format json`, kept until either version or the products change.
 */
export const ruleChangesRoutes: RoutePlugin = async (app, { ctx }) => {
  app.get('/api/rules/versions', { config: view }, async (): Promise<RuleVersionsResponse> => {
    const store = metadataStore();
    const repository = isRepositoryRoot(store.dir);
    return { versions: metadataVersionOptions(store.dir), from: repository ? 'HEAD' : DISK, to: DISK, repository, watching: store.watching };
  });

  let cached: { key: string; json: string } | undefined;
  app.get<{ Querystring: { from: string; to: string } }>(
    '/api/rules/diff',
    { config: view, schema: { querystring: { type: 'object', required: ['from', 'to'], properties: { from: ref, to: ref } } } },
    async (req, reply) => {
      const { from, to } = req.query;
      const dir = metadataStore().dir;
      let a, b;
      try {
        a = loadMetadataVersion(dir, from);
        b = loadMetadataVersion(dir, to);
      } catch (e) {
        if (e instanceof VersionError) throw httpError(400, e.message);
        throw e;
      }
      const unreadable = [...(a.metadata.problems ?? []).map((p) => `${from}: ${p.file}: ${p.message}`), ...(b.metadata.problems ?? []).map((p) => `${to}: ${p.file}: ${p.message}`)];
      if (unreadable.length) throw httpError(422, `Unreadable metadata: ${unreadable.join('; ')}`);
      const stamp = (await ctx.db.query<{ n: string | number; at: string | null }>('select count(*) as n, max(updated_at)::text as at from products')).rows[0];
      // Products of sectors the caller may not use are left out, as from every list of products.
      const scope = req.auth?.allSectors ? 'all' : (req.auth?.sectors ?? []).join(',');
      const key = [from, to, a.key, b.key, String(stamp?.n), stamp?.at ?? '', scope, new Date().toISOString().slice(0, 10)].join('|');
      if (cached?.key !== key) {
        const auth = req.auth;
        const changes = diffMetadata(a.metadata, b.metadata);
        let report: RuleChangesResponse;
        try {
          // Streamed as `rules diff --products db` is (memory stays flat over any number of products).
          const impact = await storedProductsImpact(ctx.db, a.metadata, b.metadata, measuredChanges(changes), {
            clock: () => performance.now(), codeGeneration: true, scope: auth === undefined ? undefined : (p) => visibleProductsCondition(auth, p),
          });
          report = reportFrom(from, to, changes, impact);
        } catch (e) {
          if (e instanceof RuleCompileError) throw httpError(422, `The metadata does not compile (run \`portal rules lint\`): ${e.message}`);
          throw e;
        }
        cached = { key, json: JSON.stringify(report) };
      }
      reply.header('content-type', 'application/json; charset=utf-8');
      return cached.json;
    },
  );
};
