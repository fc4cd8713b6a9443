import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const engineDir = join(import.meta.dirname, '../../../src/engine');
const files = readdirSync(engineDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

describe('src/engine runs in the browser and the server alike', () => {
  it.each(files)('%s imports nothing from Node, React or the server', (file) => {
    const text = readFileSync(join(engineDir, file), 'utf8');
    const imports = [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    for (const spec of imports) {
      expect(spec, `${file} imports ${spec}`).not.toMatch(/^node:|^(fs|path|os|child_process|url)$|^react|\/server\/|\/ui\/|\/app\/|\/cli\//);
      // json-logic-js is the reference semantics, kept out of the evaluation path.
      if (!file.startsWith('reference')) expect(spec).not.toBe('json-logic-js');
    }
  });
});
