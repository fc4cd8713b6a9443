import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { demoCorpusFiles } from '../../src/server/import/importDemoCorpus';
import { fullSize, seededRandom } from './testSize';

/**
 * Corpus messages grouped by a shape read from their raw text (`shapeOf`; null leaves a message out
 * unparsed): in `npm test` a seeded pick of up to `perShape` per shape that `take` accepts, so every
 * shape is reached; under `npm run test:full` every message `take` accepts.
 */
export async function corpusSampleByShape<T>(shapeOf: (latin1: string) => string | null, take: (email: Email) => T | null, perShape = 3): Promise<Array<{ file: string; shape: string; value: T }>> {
  const byShape = new Map<string, Array<{ file: string; raw: Buffer }>>();
  for (const file of demoCorpusFiles()) {
    const raw = readFileSync(file);
    const shape = shapeOf(raw.toString('latin1'));
    if (shape !== null) byShape.set(shape, [...(byShape.get(shape) ?? []), { file, raw }]);
  }
  const random = seededRandom();
  const out: Array<{ file: string; shape: string; value: T }> = [];
  for (const [shape, group] of byShape) {
    const order = fullSize ? group : group.map((m) => ({ m, key: random() })).sort((a, b) => a.key - b.key).map((x) => x.m);
    let found = 0;
    for (const { file, raw } of order) {
      if (!fullSize && found === perShape) break;
      // The corpus files start with an mbox "From " line.
      const value = take(await PostalMime.parse(raw.subarray(raw.indexOf('\n') + 1)));
      if (value === null) continue;
      out.push({ file: basename(file), shape, value });
      found++;
    }
  }
  return out;
}
