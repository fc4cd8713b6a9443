import { join } from 'node:path';
import { build } from 'esbuild';
import { configOf } from '../src/app/dashboards/dashboardConfig';
import { dashboardMetaOf } from '../src/app/dashboards/dashboardMeta';
import { listParamsData, type ListParamsData } from '../src/app/dashboards/listParamsData';
import { loadMetadataFromDir } from '../src/server/metadata/loadMetadataFromDir';

/** The dashboards' list parameters of the metadata in `root`, as the browser derives them from GET /api/metadata. */
export function buildListParams(root: string): ListParamsData {
  const dm = dashboardMetaOf(loadMetadataFromDir(root).files);
  return listParamsData(configOf(dm).params, Number(dm.search['x-default-range-days'] ?? 0));
}

/**
 * src/app/firstRequests.ts as a classic script for index.html's <head> (minified, an IIFE), with
 * `virtual:list-params` the list parameters of the metadata in `root`.
 */
export async function firstRequestsScript(root: string): Promise<string> {
  const data = buildListParams(root);
  const out = await build({
    entryPoints: [join(root, 'src/app/firstRequests.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    plugins: [
      {
        name: 'list-params',
        setup(b) {
          b.onResolve({ filter: /^virtual:list-params$/ }, () => ({ path: 'list-params', namespace: 'list-params' }));
          b.onLoad({ filter: /.*/, namespace: 'list-params' }, () => ({ contents: JSON.stringify(data), loader: 'json' }));
        },
      },
    ],
  });
  const code = out.outputFiles[0]!.text.trim();
  // Inline script text ends at the first `</script`; `<!--` changes how the parser reads it.
  if (/<\/script|<!--/i.test(code)) throw new Error('firstRequestsScript: the script cannot be inlined as it is');
  return code;
}
