import { compileLogic, defaultOps, truthy } from '../../engine';
import { emptyContext } from '../../engine/logic/EvalContext';
import type { Metadata } from '../../engine/types';
import { metadataStore } from '../metadata/metadataStore';

const rulesFile = 'rules/dashboards/email_search.json';
const ops = defaultOps();
const compiled = new WeakMap<object, ReturnType<typeof compileLogic>>();

/**
 * The message of the first search check of rules/dashboards/email_search.json marked `server` that
 * the criteria fail (the browser runs the same checks before it asks), or null.
 */
export function searchProblem(criteria: object, metadata: Metadata = metadataStore().current().metadata): string | null {
  const file = metadata.files[rulesFile] as { checks?: Array<{ on: string; server?: boolean; when: unknown; message: string }> } | undefined;
  for (const c of file?.checks ?? []) {
    if (c.on !== 'search' || c.server !== true) continue;
    let fn = compiled.get(c);
    if (!fn) compiled.set(c, (fn = compileLogic(c.when, ops)));
    if (truthy(fn(criteria, emptyContext()))) return c.message;
  }
  return null;
}
