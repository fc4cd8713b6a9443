import type { Command } from 'commander';
import { serve, type ServeOptions } from './serve';

export function register(program: Command): void {
  program
    .command('dev')
    .description('serve the portal for development (debug logging; schemas/ and rules/ reload when saved)')
    .option('-p, --port <port>', 'port to listen on (default: PORT or 8080)')
    .action((opts: ServeOptions) => serve(opts, { logLevel: process.env.LOG_LEVEL || 'debug', watchMetadata: true }));
}
