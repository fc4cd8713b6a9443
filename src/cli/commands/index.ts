import type { Command } from 'commander';

/** Every CLI command registers itself here; one line per command module. */
export const commands: Array<(program: Command) => void> = [];
