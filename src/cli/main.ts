import { Command } from 'commander';
import { commands } from './commands/index';

const program = new Command();
program.name('portal').description('Content Portal command line').showHelpAfterError();
for (const register of commands) register(program);
await program.parseAsync(process.argv);
