/** A function made from generated source: `(...params) => body`. */
export type GeneratedFunction = (...args: never[]) => unknown;

/**
 * Where generated source becomes a function: `new Function` where the host allows code generation
 * (the server, the CLI), or a lookup in a module generated at build time from the same source (the
 * browser, whose CSP forbids eval). Undefined when it cannot make it: the caller keeps its closure.
 */
export interface FunctionSource {
  make(params: readonly string[], body: string): GeneratedFunction | undefined;
}

/** `new Function`: callers put values into the source only as JSON literals (see each generator). */
export const runtimeFunctions: FunctionSource = {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the single place generated source becomes code at run time.
  make: (params, body) => new Function(...params, body) as GeneratedFunction,
};

/**
 * The key of a generated function in a precompiled table: cyrb53 of its parameters and body (53 bits,
 * so a few hundred functions never collide in practice) and the source's length.
 */
export function sourceKey(params: readonly string[], body: string): string {
  const text = `${params.join(',')}\n${body}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}.${text.length.toString(36)}`;
}

/** Functions generated at build time (`virtual:rule-functions`), by `sourceKey`. */
export type PrecompiledFunctions = Readonly<Record<string, GeneratedFunction>>;

/** A FunctionSource answering from a precompiled table; counts what it found and what it did not (source changed since the build). */
export function precompiledFunctions(table: PrecompiledFunctions): FunctionSource & { readonly found: number; readonly missing: number } {
  const source = {
    found: 0,
    missing: 0,
    make(params: readonly string[], body: string) {
      const key = sourceKey(params, body);
      const fn = Object.hasOwn(table, key) ? table[key] : undefined;
      if (fn) source.found++;
      else source.missing++;
      return fn;
    },
  };
  return source;
}

/** Makes functions with `new Function` and keeps their source by key: what the build writes into its module. */
export function recordingFunctions(): FunctionSource & { readonly sources: Map<string, { params: readonly string[]; body: string }> } {
  const sources = new Map<string, { params: readonly string[]; body: string }>();
  return {
    sources,
    make(params, body) {
      sources.set(sourceKey(params, body), { params, body });
      return runtimeFunctions.make(params, body);
    },
  };
}
