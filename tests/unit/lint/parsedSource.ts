import ts from 'typescript';

/**
 * A TypeScript source's syntax tree (parent nodes set, TSX for `.tsx`/`.jsx`), parsed once per
 * worker for each file and text: namedOnce's three scans and genericLayer's read the same files of
 * src (~0.7 MB parsed per scan), and the unit files share their worker's modules (isolate: false).
 */
const parsed = new Map<string, { source: string; tree: ts.SourceFile }>();

export function parsedSource(file: string, source: string): ts.SourceFile {
  const hit = parsed.get(file);
  if (hit?.source === source) return hit.tree;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  parsed.set(file, { source, tree });
  return tree;
}
