import { Command } from 'commander';
import { registerCommands } from './commands/index';

const program = new Command();
program.name('portal').description('Content Portal command line').showHelpAfterError();
await registerCommands(program, process.argv);
await program.parseAsync(process.argv);
