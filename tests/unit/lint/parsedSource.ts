import ts from 'typescript';

/**
 * A TypeScript source's syntax tree (parent nodes set, TSX for `.tsx`/`.jsx`), parsed once for each
 * file and text until forgetParsedSources: namedOnce's three scans read the same files of src.
 */
const parsed = new Map<string, { source: string; tree: ts.SourceFile }>();

export function parsedSource(file: string, source: string): ts.SourceFile {
  const hit = parsed.get(file);
  if (hit?.source === source) return hit.tree;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  parsed.set(file, { source, tree });
  return tree;
}

/** Drops the trees (~60 MB for src) at the end of a file: the unit files share their worker (isolate: false), whose later major GCs would mark them. */
export function forgetParsedSources(): void {
  parsed.clear();
}
