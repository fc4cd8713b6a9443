import { join } from 'node:path';
import type { RuleCoverageResponse } from '../../api/rulesTypes';
import { metadataStore } from '../metadata/metadataStore';
import { projectRoot } from '../paths';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { computeCoverage } from './computeCoverage';
import { readRuleCases } from './readRuleCases';

/**
 * GET /api/rules/coverage (rule catalogue): per rule, how often it fired, passed and failed on the
 * rule cases (tests/rules) and on every stored product, as `portal rules coverage --products db`
 * reports it. Computed on request and kept until the metadata version or the products change.
 */
export const coverageRoute: RoutePlugin = async (app, { ctx }) => {
  let cached: { key: string; json: string } | undefined;

  app.get('/api/rules/coverage', { config: { permission: { module: 'rules', operation: 'view' } } }, async (_req, reply) => {
    const { metadata, version } = metadataStore().current();
    const stamp = (await ctx.db.query<{ n: string | number; at: string | null }>('select count(*) as n, max(updated_at)::text as at from products')).rows[0];
    const key = `${version}|${String(stamp?.n)}|${stamp?.at ?? ''}`;
    if (cached?.key !== key) {
      const rows = (await ctx.db.query<{ document: unknown }>('select document from products order by product_id')).rows;
      const docs = rows.map((r) => (typeof r.document === 'string' ? (JSON.parse(r.document) as unknown) : r.document));
      const cases = readRuleCases(join(projectRoot, 'tests/rules'), projectRoot, projectRoot);
      const body: RuleCoverageResponse = { version, computedAt: new Date().toISOString(), ...computeCoverage(metadata, cases, docs) };
      cached = { key, json: JSON.stringify(body) };
    }
    reply.header('content-type', 'application/json; charset=utf-8');
    return cached.json;
  });
};
