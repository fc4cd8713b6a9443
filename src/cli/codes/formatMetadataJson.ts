import { join } from 'node:path';
import { projectRoot } from '../../server/paths';

/**
 * A metadata file's text laid out as `npm run format` lays it out (Prettier with the project's
 * settings for schemas/ and rules/), so a written file passes the format check. `rel` is its path
 * under the metadata folder (`schemas/codes/audience.json`). Without Prettier (an install without
 * dev dependencies) the JSON is indented plainly.
 */
export async function formatMetadataJson(rel: string, value: unknown): Promise<string> {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  let prettier: typeof import('prettier');
  try {
    prettier = await import('prettier');
  } catch {
    return text;
  }
  // Resolved as if the file were the project's own: the overrides match schemas/**/*.json there.
  const filepath = join(projectRoot, rel);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}
