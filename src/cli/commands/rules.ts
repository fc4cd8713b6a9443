import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { areaFiles, createEngine, lintMetadata } from '../../engine';
import { formAreas } from '../../engine/model/formAreas';
import { fileKind } from '../../engine/model/buildModel';
import type { Engine } from '../../engine';
import { loadMetadataFromDir } from '../../server/metadata/loadMetadataFromDir';
import { projectRoot } from '../../server/paths';
import { jsonSyntaxMessage } from '../../server/metadata/jsonSyntaxMessage';

/** Exit codes of `rules check` / `rules explain` (stable contract, issue 3 §3). */
const EXIT_ERRORS = 1;
const EXIT_INPUT = 2;

class InputError extends Error {}

function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${what} ${file}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${what} ${file} is not valid JSON: ${jsonSyntaxMessage(text, e)}`);
  }
}

function engineFor(dir: string | undefined, now: string | undefined): Engine {
  const metadata = loadMetadataFromDir(resolve(dir ?? projectRoot));
  if (!Object.keys(metadata.files).length) throw new InputError(`no metadata files under ${resolve(dir ?? projectRoot)}/schemas or /rules`);
  try {
    return createEngine(metadata, now ? { now: () => now, codeGeneration: true } : { codeGeneration: true });
  } catch (e) {
    throw new InputError(`metadata does not compile (run \`portal rules lint\`): ${(e as Error).message}`);
  }
}

// Input problems exit 2 with one line on stderr; anything else is a bug and keeps its stack.
function run(fn: () => number): void {
  try {
    process.exitCode = fn();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    console.error(e.message);
    process.exitCode = EXIT_INPUT;
  }
}

export function register(program: Command): void {
  const rules = program.command('rules').description('lint the metadata (schemas/, rules/) and run it against a product document');

  rules
    .command('lint [dir]')
    .description('validate every file against its meta-schema and cross-check vars, $refs, code ids, cycles; prints file:json-path: problem')
    .action((dir?: string) => {
      const root = resolve(dir ?? projectRoot);
      const metadata = loadMetadataFromDir(root);
      const files = Object.keys(metadata.files).filter((f) => fileKind(f, metadata.files[f]) !== 'ignored').length + (metadata.problems?.length ?? 0);
      const problems = files ? lintMetadata(metadata) : [{ file: root, path: '$', message: 'no product metadata here (schemas/codes, schemas/product, rules/product)' }];
      for (const p of problems) console.log(`${p.file}:${p.path}: ${p.message}`);
      if (problems.length) {
        console.error(`${problems.length} problem(s) in ${root}`);
        process.exitCode = 1;
        return;
      }
      const engine = createEngine(metadata, { codeGeneration: true });
      const m = engine.model;
      const areas = formAreas(metadata).map((a) => {
        const e = createEngine({ files: areaFiles(metadata.files, a) }, { codeGeneration: true });
        return `; ${a}: ${e.model.blocks.length} blocks, ${e.model.fields.length} fields, ${e.rules.length} rules`;
      });
      console.log(`OK: ${files} files, ${m.codeTables.size} code tables, ${m.blocks.length} blocks, ${m.fields.length} fields, ${engine.rules.length} rules${areas.join('')}`);
    });

  rules
    .command('check <document>')
    .description('evaluate a product document: prints {"visible","errors","derived"}; exit 0 no errors, 1 errors, 2 unreadable input')
    .option('--action <action>', 'the action checked: save, approve, unapprove, problem, unused, reprocess (or any action a rule names)', 'save')
    .option('--dir <dir>', 'folder holding schemas/ and rules/ (default: the project root)')
    .option('--prev <document>', 'the document before the edit ($prev for derive rules)')
    .option('--now <date>', 'today as YYYY-MM-DD (default: the system date)')
    .action((document: string, opts: { action: string; dir?: string; prev?: string; now?: string }) =>
      run(() => {
        const doc = readJson(document, 'document');
        const prev = opts.prev ? readJson(opts.prev, 'previous document') : undefined;
        const engine = engineFor(opts.dir, opts.now);
        const vm = engine.evaluate(doc, { action: opts.action, prev });
        console.log(JSON.stringify({ visible: vm.visible, errors: vm.errors, derived: vm.derived }, null, 2));
        return vm.errors.length ? EXIT_ERRORS : 0;
      }),
    );

  rules
    .command('explain <document> <target>')
    .description('why a field or block is shown, hidden, required, filtered or in error, with the actual values')
    .option('--action <action>', 'the action checked (errors and required depend on it)')
    .option('--dir <dir>', 'folder holding schemas/ and rules/ (default: the project root)')
    .option('--now <date>', 'today as YYYY-MM-DD')
    .option('--json', 'print the annotated rule trees as JSON')
    .action((document: string, target: string, opts: { action?: string; dir?: string; now?: string; json?: boolean }) =>
      run(() => {
        const doc = readJson(document, 'document');
        const engine = engineFor(opts.dir, opts.now);
        const known = engine.model.blockById.has(target) || engine.model.fieldByPath.has(target) || engine.rules.some((r) => r.target === target);
        if (!known && !(target in engine.evaluate(doc, { action: opts.action }).fields)) {
          throw new InputError(`unknown field or block "${target}"`);
        }
        const explanation = engine.explain(doc, target, { action: opts.action });
        console.log(opts.json ? JSON.stringify(explanation, null, 2) : explanation.trace);
        return 0;
      }),
    );
}
