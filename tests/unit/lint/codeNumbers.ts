import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { parsedSource } from './parsedSource';

/** A place where TypeScript names a code by its number instead of its key. */
export interface CodeNumber {
  file: string;
  line: number;
  field: string;
  text: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function walk(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

function eachObject(value: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((v) => eachObject(v, visit));
  else if (isObject(value)) {
    visit(value);
    Object.values(value).forEach((v) => eachObject(v, visit));
  }
}

const codeRef = (s: unknown): boolean =>
  isObject(s) && ((typeof s.$ref === 'string' && /(^|\/)codes\//.test(s.$ref)) || (isObject(s.items) && typeof s.items.$ref === 'string' && /(^|\/)codes\//.test(s.items.$ref)));

/**
 * The fields whose values are codes: properties of the product and form schemas that `$ref` a code
 * table, and the dashboards' status column (the email status, `deleted`).
 */
export function readCodedFields(root: string): Set<string> {
  const out = new Set<string>();
  for (const area of ['schemas/product', 'schemas/forward']) {
    for (const file of walk(join(root, area)).filter((f) => f.endsWith('.json'))) {
      eachObject(JSON.parse(readFileSync(file, 'utf8')), (o) => {
        if (isObject(o.properties)) for (const [k, s] of Object.entries(o.properties)) if (codeRef(s)) out.add(k);
      });
    }
  }
  for (const file of walk(join(root, 'schemas/dashboards')).filter((f) => f.endsWith('.json'))) {
    eachObject(JSON.parse(readFileSync(file, 'utf8')), (o) => {
      if (o.kind === 'status' && typeof o.field === 'string') out.add(o.field);
    });
  }
  return out;
}

const isNumber = (n: ts.Node): boolean =>
  ts.isNumericLiteral(n) || (ts.isPrefixUnaryExpression(n) && n.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(n.operand));
const numbers = (n: ts.Node): boolean => isNumber(n) || (ts.isArrayLiteralExpression(n) && n.elements.length > 0 && n.elements.every(isNumber));
const comparisons = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken, ts.SyntaxKind.EqualsToken]);

/**
 * Codes named by number in a TypeScript source: a coded field set to, or compared with, a number
 * (`{ media_channel: 3 }`, `doc.product_status === 11`, `row.deleted = 4`).
 */
export function findCodeNumbers(source: string, coded: ReadonlySet<string>, file = 'source.ts'): CodeNumber[] {
  const out: CodeNumber[] = [];
  const sf = parsedSource(file, source);
  const report = (node: ts.Node, field: string) => out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, field, text: node.getText(sf).slice(0, 80) });
  const fieldOf = (n: ts.Node): string | undefined => {
    const name = ts.isPropertyAccessExpression(n) ? n.name.text : ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression) ? n.argumentExpression.text : undefined;
    return name && coded.has(name) ? name : undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) && coded.has(node.name.text) && numbers(node.initializer)) report(node, node.name.text);
    else if (ts.isBinaryExpression(node) && comparisons.has(node.operatorToken.kind)) {
      const field = fieldOf(node.left) ?? fieldOf(node.right);
      if (field && (isNumber(node.left) || isNumber(node.right))) report(node, field);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every code named by number in the .ts/.tsx files under `paths` (folders or files), relative to `root`. */
export function scanForCodeNumbers(root: string, paths: readonly string[], coded: ReadonlySet<string>): CodeNumber[] {
  return paths
    .flatMap((p) => (statSync(join(root, p)).isDirectory() ? walk(join(root, p)) : [join(root, p)]))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .flatMap((f) => findCodeNumbers(readFileSync(f, 'utf8'), coded, relative(root, f)));
}
