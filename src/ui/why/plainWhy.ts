import type { Explanation, ExplainedRule } from '../../engine/explain/Explanation';

/**
 * Why? in an editor's words: one sentence per fact that changes what the editor sees (shown or
 * hidden, required, read-only, filled in, errors), without rule ids, code numbers, message
 * templates or arrows (those stay in the analysts' part); identical sentences once.
 */
export function plainWhy(ex: Explanation): string[] {
  const out: string[] = [];
  const s = ex.state as { visible?: boolean; errors?: Array<{ message: string }> } | undefined;
  if (ex.hiddenBy) {
    const because = plainWhy(ex.hiddenBy).filter((l) => l.startsWith('Hidden'));
    out.push(`Hidden because ${ex.hiddenBy.kind === 'block' ? 'its section' : ''} ${ex.hiddenBy.label} is hidden.`.replace(/ {2}/g, ' '));
    out.push(...because.map((l) => `${ex.hiddenBy!.label}: ${lowerFirst(l)}`));
  }
  // A hidden target is neither required nor checked: only why it is hidden matters.
  const hidden = s?.visible === false;
  for (const r of ex.rules) {
    if (hidden && r.kind !== 'visible') continue;
    const line = ruleSentence(r);
    if (line) out.push(line);
  }
  for (const e of s?.errors ?? []) out.push(e.message);
  if (!out.length) out.push(ex.rules.length ? 'No rule changes it for this product.' : `No rule applies: always ${s?.visible === false ? 'hidden' : 'shown'}, never required.`);
  return [...new Set(out)];
}

function ruleSentence(r: ExplainedRule): string | undefined {
  // "A is x, needs: A is y": what it is, then when the other outcome would hold.
  const needs = r.kind === 'visible' ? (r.outcome ? 'hidden unless' : 'shown when') : r.kind === 'required' ? 'required when' : 'applies when';
  const why = plainValues(r.why).replace(', needs: ', `; ${needs} `);
  switch (r.kind) {
    case 'visible':
      return why === 'always' ? undefined : `${r.outcome ? 'Shown' : 'Hidden'} because ${why}.`;
    case 'required': {
      // "required to approve: <condition>", "required to approve" or "not required: <condition>".
      const m = /^(not required|required to [^:]+)(?:: (.*))?$/.exec(why);
      if (!m) return undefined;
      const head = m[1]!.charAt(0).toUpperCase() + m[1]!.slice(1);
      return m[2] ? `${head} because ${m[2]}.` : `${head}.`;
    }
    case 'readonly':
      return r.outcome ? `Read-only because ${why}.` : undefined;
    case 'derive': {
      if (!r.outcome) return undefined;
      const [cond, becomes] = splitBecomes(why);
      return `Filled in automatically${becomes ? ` (${becomes})` : ''}${cond && cond !== 'always' ? ` because ${cond}` : ''}.`;
    }
    case 'label':
      return r.outcome ? `Labelled this way because ${why}.` : undefined;
    case 'options':
      return `Offers ${why.replace(/^(\d+) of (\d+):/, '$1 of $2 choices:')}.`;
    // A failing check speaks through its message (the field's errors); a passing one changes nothing on screen.
    default:
      return undefined;
  }
}

/** "cond; becomes X" into its condition and "becomes X". */
function splitBecomes(why: string): [string, string | undefined] {
  const i = why.lastIndexOf('; becomes ');
  return i < 0 ? [why, undefined] : [why.slice(0, i), why.slice(i + 2)];
}

/** Code values by their titles only: "Direct Mail (1)" reads "Direct Mail"; semicolons between facts read "and". */
function plainValues(text: string): string {
  return text
    .replace(/ \((?:-?\d+|"[^"]*")\)/g, '')
    .replace(/; (?!becomes )/g, ' and ');
}

const lowerFirst = (t: string) => t.charAt(0).toLowerCase() + t.slice(1);
