import { Command } from 'commander';
import { setSchemaCompiler } from '../engine/schema/compileSchema';
import { schemaCodeCache } from '../server/schemaCodeCache';
import { registerCommands } from './commands/index';

// Validators' code kept from an earlier run instead of compiled at every start (schemaCodeCache.ts).
setSchemaCompiler(schemaCodeCache());

const program = new Command();
program.name('portal').description('Content Portal command line').showHelpAfterError();
await registerCommands(program, process.argv);
await program.parseAsync(process.argv);
