import { fileKind } from '../model/buildModel';
import { describeLeaf, flattenDiff, type LeafChange } from './flattenDiff';
import type { MetadataChange } from './MetadataChange';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A rule file's keys the rule diff already compares (its rules, and the gates they expand). */
const ruleFileModelKeys = ['rules', 'gates'];
/** Keys holding texts users see, by key: the route texts of a rule file, a dashboard file's messages. */
const textKeys = new Set(['x-messages', 'messages']);
/** Keys that only document what holds them (a file, its messages object, a column). */
const documentingKeys = new Set(['description', '$comment']);

/**
 * The part of a metadata file the product model's diffs (rules, fields, blocks, codes, schemas) do not
 * compare: a rule file without its rules and gates; a file of another feature (schemas/dashboards,
 * rules/dashboards, schemas/admin, ...) whole; nothing of a product schema or code table.
 */
function uncompared(file: string, content: unknown): unknown {
  const kind = fileKind(file, content);
  if (kind === 'rules') return isObj(content) ? Object.fromEntries(Object.entries(content).filter(([k]) => !ruleFileModelKeys.includes(k))) : undefined;
  return kind === 'ignored' && file.endsWith('.json') ? content : undefined;
}

const isDocumenting = (leaf: LeafChange) => documentingKeys.has(leaf.path.split('.').at(-1)!);
const isText = (leaf: LeafChange) => !isDocumenting(leaf) && leaf.path.split('.').some((seg) => textKeys.has(seg)) && (typeof leaf.before === 'string' || typeof leaf.after === 'string');

/**
 * Changes to what the product model leaves out of metadata files: each text of a messages object (a route's
 * words in a rule file's `x-messages`, a screen's in a dashboard file's `messages`) as its own change with both
 * texts, and the rest of each file as one change listing what differs. Analysts reword these files without
 * TypeScript (docs/decisions/route-texts-in-rule-files.md), so QA sees them in the same review.
 */
export function diffOtherFiles(from: Record<string, unknown>, to: Record<string, unknown>): MetadataChange[] {
  const out: MetadataChange[] = [];
  const files = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
  for (const file of files) {
    const a = file in from ? uncompared(file, from[file]) : undefined;
    const b = file in to ? uncompared(file, to[file]) : undefined;
    if (a === undefined && b === undefined) continue;
    const whole = fileKind(file, from[file] ?? to[file]) === 'ignored';
    if (whole && (a === undefined || b === undefined)) {
      out.push({ subject: 'file', change: a === undefined ? 'added' : 'removed', effect: 'behaviour', id: file, file, summary: `Metadata file ${file} ${a === undefined ? 'added' : 'removed'}`, details: [] });
      continue;
    }
    const leaves = flattenDiff(a ?? {}, b ?? {});
    for (const leaf of leaves.filter(isText)) {
      const change = leaf.before === undefined ? 'added' : leaf.after === undefined ? 'removed' : 'changed';
      out.push({
        subject: 'text', change, effect: 'message', id: `${file}#${leaf.path}`, file,
        summary: `Text ${leaf.path} of ${file} ${change}`,
        before: typeof leaf.before === 'string' ? leaf.before : undefined,
        after: typeof leaf.after === 'string' ? leaf.after : undefined,
        details: [],
      });
    }
    const rest = leaves.filter((l) => !isText(l));
    if (!rest.length) continue;
    const wording = rest.every(isDocumenting);
    out.push({ subject: 'file', change: 'changed', effect: wording ? 'wording' : 'behaviour', id: file, file, summary: `Metadata file ${file} changed`, details: rest.map(describeLeaf) });
  }
  return out;
}
