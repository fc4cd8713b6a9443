import type { ExplainRequest, ExplainResponse, RuleCatalogue } from '../../api/rulesTypes';
import { httpError } from '../httpError';
import { metadataStore } from '../metadata/metadataStore';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { buildCatalogue } from './buildCatalogue';

const explainBody = {
  type: 'object',
  required: ['document', 'target'],
  additionalProperties: false,
  properties: {
    document: { type: 'object' },
    target: { type: 'string', minLength: 1, maxLength: 300 },
    action: { type: 'string', maxLength: 60 },
  },
} as const;

/**
 * GET /api/rules/catalogue (rule catalogue screen, analysts and QA): every rule in plain words with
 * kind, message, actions and spec source, and every code table. POST /api/rules/explain: the
 * engine's explanation of why a field or block of a document is hidden, required or invalid.
 * Both read the metadata the server currently serves (the metadata store), so a reload under
 * `portal dev` reaches them; the catalogue is rebuilt once per metadata version.
 */
export const rulesRoutes: RoutePlugin = async (app) => {
  let cached: { version: string; json: string } | undefined;
  const catalogueJson = () => {
    const { engine, version } = metadataStore().current();
    if (cached?.version !== version) cached = { version, json: JSON.stringify(buildCatalogue(engine, version) satisfies RuleCatalogue) };
    return cached.json;
  };

  app.get('/api/rules/catalogue', { config: { permission: { module: 'rules', operation: 'view' } } }, async (_req, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    return catalogueJson();
  });

  // Editors ask "why?" from the product screen, so this needs product view, not the catalogue.
  app.post<{ Body: ExplainRequest }>(
    '/api/rules/explain',
    { config: { permission: { module: 'product', operation: 'view' } }, schema: { body: explainBody } },
    async (req): Promise<ExplainResponse> => {
      const { document, target, action } = req.body;
      const { engine } = metadataStore().current();
      const m = engine.model;
      const known = m.blockById.has(target) || m.fieldByPath.has(target) || engine.rules.some((r) => r.target === target) || target in engine.evaluate(document, { action }).fields;
      if (!known) throw httpError(404, `unknown field or block "${target}"`);
      return engine.explain(document, target, { action });
    },
  );
};
