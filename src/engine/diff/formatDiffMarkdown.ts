import { diffWords } from './diffWords';
import type { ImpactReport, LostProduct } from './ImpactReport';
import type { ChangeSubject, MetadataChange } from './MetadataChange';

export interface DiffReportInput {
  from: string;
  to: string;
  changes: MetadataChange[];
  impact: ImpactReport | null;
  /** Failing --fail-on conditions, shown at the top. */
  failing?: string[];
}

const cell = (s: unknown) => String(s ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
const ids = (list: string[]) => list.map((i) => `\`${i}\``).join(', ');
const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '0%');
const MAX_ROWS = 50;

const sections: Array<[string, ChangeSubject[]]> = [
  ['Rules', ['rule']],
  ['Messages', ['message']],
  ['Fields', ['field']],
  ['Blocks and sub-forms', ['block', 'sub-form']],
  ['Code tables', ['code-table', 'code']],
  ['Other schemas', ['schema']],
  ['Texts of screens and routes', ['text']],
  ['Other metadata files', ['file']],
];

function changeLines(c: MetadataChange): string[] {
  const lines = [`- **${cell(c.summary)}**${c.source ? ` (spec: ${c.source})` : ''}${c.file ? ` — \`${c.file}\`` : ''}`];
  if (c.subject === 'message' || c.subject === 'text') {
    lines.push(`  - Before: "${c.before ?? ''}"`, `  - After: "${c.after ?? ''}"`);
  } else {
    if (c.before !== undefined) lines.push(`  - Before: ${c.before}`);
    if (c.after !== undefined) lines.push(`  - After: ${c.after}`);
  }
  for (const d of c.details) lines.push(`  - ${d}`);
  return lines;
}

function lostTable(list: LostProduct[], total: number, heading: string, why: string): string[] {
  const out = [`### ${heading}`, '', why, ''];
  if (!list.length) return [...out, 'None.', ''];
  out.push('| Product | Status | Sector | New problems |', '|---|---|---|---|');
  for (const p of list.slice(0, MAX_ROWS)) out.push(`| ${cell(p.id)} | ${cell(p.statusTitle)} | ${cell(p.sectorTitle)} | ${cell(p.errors.map((e) => e.message).join('; '))} |`);
  if (total > MAX_ROWS) out.push('', `…and ${total - MAX_ROWS} more (use --format json to list up to ${list.length.toLocaleString('en-US')}).`);
  return [...out, ''];
}

/** The rule-change review for analysts: headings, plain words, tables. */
export function formatDiffMarkdown(r: DiffReportInput): string {
  const out: string[] = [`# Rule change review: ${r.from} → ${r.to}`, ''];
  if (r.failing?.length) out.push('> **Check failed:** ' + r.failing.join('; '), '');
  out.push('## What changed', '');
  if (!r.changes.length) out.push(diffWords.nothingChanged, '');
  const meaningful = r.changes.filter((c) => c.effect !== 'wording');
  for (const [title, subjects] of sections) {
    const list = meaningful.filter((c) => subjects.includes(c.subject));
    if (!list.length) continue;
    out.push(`### ${title} (${list.length})`, '');
    for (const c of list) out.push(...changeLines(c));
    out.push('');
  }
  // After every change in behaviour: rules whose logic and messages are unchanged, one line each.
  const wording = r.changes.filter((c) => c.effect === 'wording');
  if (wording.length) {
    out.push(`### ${diffWords.wordingOnly} (${wording.length})`, '', diffWords.wordingNote, '');
    for (const c of wording) out.push(`- ${cell(c.summary)}${c.file && c.file !== c.id ? ` — \`${c.file}\`` : ''}`);
    out.push('');
  }

  const im = r.impact;
  if (!im) {
    out.push('## Impact on stored products', '', 'Not measured: run with `--products db` or `--products <file.jsonl>`.', '');
    return out.join('\n');
  }
  const t = im.total;
  out.push('## Impact on stored products', '');
  out.push(diffWords.checked(t.products, im.seconds), '');
  out.push('| What changes | Products | Share | Examples |', '|---|---|---|---|');
  for (const [key, label] of diffWords.impactRows) {
    const lost = key === 'approvableLost' || key === 'saveBroken' ? im[key] : null;
    const n = lost ? im[`${key as 'approvableLost' | 'saveBroken'}Total`] : t[key as Exclude<typeof key, 'approvableLost' | 'saveBroken'>];
    const examples = lost ? lost.slice(0, 5).map((p) => p.id) : key === 'changed' ? t.examples : [];
    out.push(`| ${label} | ${n} | ${pct(n, t.products)} |${examples.length ? ` ${ids(examples)} ` : ' '}|`);
    if (key === 'approvableLost') out.push(`| ${diffWords.approvedLost} | ${im.approvedLost} | | |`);
  }
  out.push('');

  const shown = Object.entries(im.blocksShown);
  const hidden = Object.entries(im.blocksHidden);
  if (shown.length || hidden.length) {
    out.push('### Blocks shown or hidden', '', '| Block | Newly shown | Newly hidden |', '|---|---|---|');
    for (const id of [...new Set([...shown.map(([k]) => k), ...hidden.map(([k]) => k)])].sort()) out.push(`| ${id} | ${im.blocksShown[id] ?? 0} | ${im.blocksHidden[id] ?? 0} |`);
    out.push('');
  }

  const wordingIds = new Set(wording.map((c) => `${c.subject}:${c.id}`));
  if (im.byChange.some((x) => !wordingIds.has(`${x.subject}:${x.id}`))) {
    out.push('### By change', '', '| Change | Products | Measured as | Examples |', '|---|---|---|---|');
    for (const c of im.byChange.filter((x) => !wordingIds.has(`${x.subject}:${x.id}`))) out.push(`| ${cell(c.summary)} | ${c.products ?? '–'} | ${cell(c.measure)} | ${ids(c.examples)} |`);
    out.push('');
  }

  out.push('### By sector', '', '| Sector | Products | Changed | Visible blocks | Save errors | Approval errors | Derived values | Examples |', '|---|---|---|---|---|---|---|---|');
  for (const s of im.bySector) out.push(`| ${cell(s.title)} | ${s.products} | ${s.changed} | ${s.visible} | ${s.saveErrors} | ${s.approveErrors} | ${s.derived} | ${ids(s.examples)} |`);
  out.push('');
  out.push(...lostTable(im.approvableLost, im.approvableLostTotal, 'Products that would stop being approvable', diffWords.approvableLostWhy));
  out.push(...lostTable(im.saveBroken, im.saveBrokenTotal, 'Products that would no longer save', diffWords.saveBrokenWhy));
  return out.join('\n');
}
