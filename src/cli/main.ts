import { Command } from 'commander';
import { setSchemaCompiler } from '../engine/schema/compileSchema';
import { schemaCodeCache } from '../server/schemaCodeCache';
import { registerCommands } from './commands/index';

// Validators' code kept from an earlier run instead of compiled at every start (schemaCodeCache.ts).
setSchemaCompiler(schemaCodeCache());

const program = new Command();
program.name('portal').description('Content Portal command line').showHelpAfterError();
await registerCommands(program, process.argv);
try {
  await program.parseAsync(process.argv);
} catch (e) {
  // A refusal ('... is not empty: restore into an empty data directory', a missing file) reads as one
  // line, not as a crash's stack trace; LOG_LEVEL=debug or trace prints the stack.
  const stack = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '') && e instanceof Error;
  console.error(`portal: ${stack ? e.stack : e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}
