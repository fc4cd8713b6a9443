import type { Command } from 'commander';

type Register = (program: Command) => void;
const load = (m: Promise<{ register: Register }>) => m.then((x) => x.register);

/**
 * Every CLI command module, by the top-level command it registers; one line per module. Loaded on
 * demand: `serve` pulls in the whole server (about 4 s of CPU on a cold start), which `rules lint`
 * and the other metadata commands never need (the test suites spawn them dozens of times).
 */
export const commands: Array<{ name: string; load(): Promise<Register> }> = [
  { name: 'serve', load: () => load(import('./serve')) },
  { name: 'migrate', load: () => load(import('./migrate')) },
  { name: 'seed', load: () => load(import('./seed')) },
  { name: 'dev', load: () => load(import('./dev')) },
  { name: 'user', load: () => load(import('./user')) },
  { name: 'role', load: () => load(import('./role')) },
  { name: 'rules', load: () => load(import('./rules')) },
  { name: 'rules', load: () => load(import('./rulesDiff')) },
  { name: 'rules', load: () => load(import('./rulesCoverage')) },
  { name: 'products', load: () => load(import('./products')) },
  { name: 'import', load: () => load(import('./import')) },
  { name: 'predictions', load: () => load(import('./predictions')) },
  { name: 'codes', load: () => load(import('./codes')) },
  { name: 'backup', load: () => load(import('./backup')) },
  { name: 'restore', load: () => load(import('./restore')) },
];

/** The modules a command line needs: those of its top-level command, or all of them (help, typos). */
export async function registerCommands(program: Command, argv: string[]): Promise<void> {
  const wanted = commands.filter((c) => c.name === argv[2]);
  for (const c of wanted.length ? wanted : commands) (await c.load())(program);
}
