import type { Command } from 'commander';
import { CodesInputError, CodesRefused } from '../codes/CodesError';
import { exportCodeTable } from '../codes/exportCodeTable';
import { importCodeTable, type ImportCodesOptions } from '../codes/importCodeTable';

/** Exit codes: 0 done, 1 refused (the metadata would break), 2 unreadable or invalid input. */
const EXIT_REFUSED = 1;
const EXIT_INPUT = 2;

async function run(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof CodesInputError) && !(e instanceof CodesRefused)) throw e;
    console.error(`codes: ${e.message}`);
    process.exitCode = e instanceof CodesRefused ? EXIT_REFUSED : EXIT_INPUT;
  }
}

export function register(program: Command): void {
  const codes = program.command('codes').description('code tables (schemas/codes/) as spreadsheets: export one, import one (or a firm’s own list)');
  const print = (line: string) => console.log(line);

  codes
    .command('export <table> <file>')
    .description('write a code table as CSV (UTF-8 with BOM) or .xlsx: code, title, key, description, then one column per x- annotation')
    .option('--dir <dir>', 'the folder holding schemas/ and rules/ (default: the project)')
    .action((table: string, file: string, opts: { dir?: string }) => run(() => exportCodeTable(table, file, opts, print)));

  codes
    .command('import <table> <file>')
    .description('replace a code table (or create one) from a .csv or .xlsx file; refuses to drop a code a rule reads; lists stored products holding removed codes')
    .option('--dir <dir>', 'the folder holding schemas/ and rules/ (default: the project)')
    .option('--key-column <column>', 'the column holding the keys (default "key"; without one, existing keys are kept and new ones derived from titles)')
    .option('--code-column <column>', 'the column holding the codes (default: code, const, id or value)')
    .option('--title-column <column>', 'the column holding the titles (default: title, name or label)')
    .option('--sheet <name>', 'the worksheet of an .xlsx file (default: the first)')
    .option('--products <source>', '"db" (the products table of DATA_DIR or DATABASE_URL), a JSONL file of product documents, or "none"', 'db')
    .option('--dry-run', 'check and report, write nothing')
    .addHelpText(
      'after',
      '\nColumns: code, title, key, description, and x- annotations as in the JSON (x-parent, x-sample, ...); other columns are an error.\n' +
        'Rows are entries in file order; blank rows are skipped; codes and keys must be unique. Nothing is marked as sample\n' +
        'unless an x-sample column says so. With the embedded database, stop the portal first (or pass --products <file.jsonl>).\n' +
        'Exit codes: 0 written, 1 refused (a rule reads a dropped code, or the metadata would not lint), 2 unreadable or invalid file.',
    )
    .action((table: string, file: string, opts: ImportCodesOptions) => run(() => importCodeTable(table, file, opts, print)));
}
