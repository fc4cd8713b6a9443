import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** What the generic layer must not name: the documents' fields, the rules' ids and the spec's messages. */
export interface DomainVocabulary {
  fields: Set<string>;
  ruleIds: Set<string>;
  /** The fixed parts of every message (placeholders cut out), each at least MIN_MESSAGE_PART long. */
  messageParts: string[];
}

export interface Violation {
  file: string;
  line: number;
  kind: 'field' | 'rule id' | 'message';
  text: string;
}

/** A shorter piece of a message ("Please ") would match ordinary words. */
const MIN_MESSAGE_PART = 12;

/**
 * Field names that are also words of the renderer's own medium, which it cannot avoid: JSON Schema,
 * RJSF and Blueprint (`id`, `name`, `status`, `message`, `title`, `type`, `value`, `label`), React
 * (`state`), HTML and Slate (`body`, `main`, `from`), the calendar (`holiday` days) and the
 * dashboard search form's widget kinds (`query`, `flags`). Every other field name is specific
 * enough to mean a document.
 */
export const RENDERER_WORDS: ReadonlySet<string> = new Set([
  ...['id', 'name', 'status', 'message', 'title', 'type', 'value', 'label'],
  'state',
  ...['body', 'main', 'from'],
  'holiday',
  ...['query', 'flags'],
]);

function walk(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function eachObject(value: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => eachObject(v, visit));
  else if (isObject(value)) {
    visit(value);
    Object.values(value).forEach((v) => eachObject(v, visit));
  }
}

/**
 * Reads the vocabulary from a metadata folder: property names, block ids and paths of the product,
 * forward and dashboard schemas (plus dashboard column fields); every rule and check id under
 * rules/; every `message` and `messages` text in rules/ and schemas/.
 */
export function readDomainVocabulary(root: string): DomainVocabulary {
  const fields = new Set<string>();
  const ruleIds = new Set<string>();
  const messages = new Set<string>();
  for (const area of ['schemas/product', 'schemas/forward', 'schemas/dashboards']) {
    for (const file of walk(join(root, area)).filter((f) => f.endsWith('.json'))) {
      eachObject(json(file), (o) => {
        if (isObject(o.properties)) Object.keys(o.properties).forEach((k) => fields.add(k));
        const block = o['x-block'];
        if (isObject(block)) for (const k of ['id', 'path'] as const) if (typeof block[k] === 'string' && block[k]) fields.add(block[k]);
        if (area === 'schemas/dashboards' && typeof o.field === 'string' && typeof o.kind === 'string') fields.add(o.field);
      });
    }
  }
  for (const file of walk(join(root, 'rules')).filter((f) => f.endsWith('.json'))) {
    eachObject(json(file), (o) => {
      if (typeof o.id === 'string' && (typeof o.kind === 'string' || 'when' in o)) ruleIds.add(o.id);
      if (typeof o.message === 'string') messages.add(o.message);
    });
  }
  for (const file of walk(join(root, 'schemas')).filter((f) => f.endsWith('.json'))) {
    eachObject(json(file), (o) => {
      if (isObject(o.messages)) Object.values(o.messages).forEach((m) => typeof m === 'string' && messages.add(m));
      if (typeof o.message === 'string') messages.add(o.message);
    });
  }
  for (const word of RENDERER_WORDS) fields.delete(word);
  const messageParts = [...new Set([...messages].flatMap((m) => m.split(/\{[^}]*\}/).map((s) => s.trim())).filter((s) => s.length >= MIN_MESSAGE_PART))];
  return { fields, ruleIds, messageParts };
}

/**
 * The vocabulary a TypeScript source names in code (comments are free to give examples): a string
 * or template literal that is a field, a dotted path through one, a rule id or holds a message
 * part; an identifier used as a property (`doc.panelists`, `{ panelists: [] }`) that is a field.
 */
export function findDomainNames(source: string, vocabulary: DomainVocabulary, file = 'source.ts'): Violation[] {
  const out: Violation[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const report = (node: ts.Node, kind: Violation['kind'], text: string): void => {
    out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, kind, text });
  };
  const checkText = (node: ts.Node, text: string): void => {
    const part = vocabulary.messageParts.find((p) => text.includes(p));
    const field = /^[A-Za-z_][\w.]*$/.test(text) ? text.split('.').find((seg) => vocabulary.fields.has(seg)) : undefined;
    if (vocabulary.ruleIds.has(text)) report(node, 'rule id', text);
    else if (part) report(node, 'message', part);
    else if (field) report(node, 'field', field);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      // Module specifiers name files, not document fields.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent) && !ts.isExternalModuleReference(node.parent)) checkText(node, node.text);
    } else if (ts.isJsxText(node)) {
      const part = vocabulary.messageParts.find((p) => node.text.includes(p));
      if (part) report(node, 'message', part);
    } else if (ts.isIdentifier(node) && vocabulary.fields.has(node.text)) {
      const p = node.parent;
      const asProperty =
        (ts.isPropertyAccessExpression(p) && p.name === node) ||
        ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isShorthandPropertyAssignment(p)) && p.name === node) ||
        (ts.isBindingElement(p) && (p.propertyName ?? p.name) === node);
      if (asProperty) report(node, 'field', node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every violation in the .ts/.tsx files under `dir`, with paths relative to `root`. */
export function scanForDomainNames(root: string, dir: string, vocabulary: DomainVocabulary): Violation[] {
  return walk(join(root, dir))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .flatMap((f) => findDomainNames(readFileSync(f, 'utf8'), vocabulary, relative(root, f)));
}
