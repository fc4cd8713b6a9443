// The `portal` command as one ES module bundled by esbuild from src/ (packages stay external), kept
// in node_modules/.cache/content-portal/cli and rebuilt when any file it was built from changes. Every
// start through tsx resolved and loaded ~360 TypeScript modules through its loader thread, ~1.3 CPU-s
// of a server start's ~7 (docs/decisions/test-suites.md). Where no bundle can be made or written, the
// command runs through tsx as before.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cliEntry = join(root, 'src', 'cli', 'main.ts');
const cliCacheDir = join(root, 'node_modules', '.cache', 'content-portal', 'cli');

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * The cached bundle when it was built from this checkout and every file it was built from is
 * unchanged, else undefined. A node_modules copied or hard-linked from another checkout carries that
 * checkout's bundle: its inputs and baked-in module URLs name the other checkout's files.
 */
function cachedBundle(cacheDir) {
  try {
    const manifestFile = join(cacheDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.root !== root) return undefined;
    for (const [file, hash] of Object.entries(manifest.inputs)) if (sha256(readFileSync(file)) !== hash) return undefined;
    const bundle = join(cacheDir, manifest.bundle);
    return existsSync(bundle) ? bundle : undefined;
  } catch {
    return undefined;
  }
}

/** Through a temporary name and a rename: a process starting beside this one never reads half a file. */
function writeAtomic(file, body) {
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, body);
  renameSync(tmp, file);
}

/**
 * Each module keeps its own `import.meta.url` (paths to migrations, workers, the project root are
 * resolved from it), so the bundle behaves as the sources do wherever it is kept.
 */
const ownMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, async (args) => {
      if (args.path.includes(`${join('node_modules', '')}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const loader = args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.mjs') ? 'js' : 'ts';
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

async function buildBundle(entry, cacheDir) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    sourcemap: 'external',
    sourcesContent: false,
    absWorkingDir: root,
    outfile: join(cacheDir, 'portal.mjs'),
    logLevel: 'silent',
    plugins: [ownMetaUrl],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs')).text;
  const map = result.outputFiles.find((f) => f.path.endsWith('.map')).text;
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = join(root, input);
    inputs[file] = sha256(readFileSync(file));
  }
  const bundle = `portal-${sha256(code).slice(0, 16)}.mjs`;
  mkdirSync(cacheDir, { recursive: true });
  // The map's sources are relative to the cache folder: the TypeScript files themselves.
  writeAtomic(join(cacheDir, `${bundle}.map`), map);
  writeAtomic(join(cacheDir, bundle), `${code}//# sourceMappingURL=${bundle}.map\n`);
  writeAtomic(join(cacheDir, 'manifest.json'), JSON.stringify({ root, bundle, inputs }));
  // Earlier builds, once no process can still be about to load one (it read the manifest before this build).
  const stale = Date.now() - 60 * 60 * 1000;
  for (const f of readdirSync(cacheDir)) {
    const file = join(cacheDir, f);
    if (f.startsWith('portal-') && !f.startsWith(bundle) && statSync(file).mtimeMs < stale) rmSync(file, { force: true });
  }
  return join(cacheDir, bundle);
}

/**
 * The bundle of `entry` (a TypeScript module of this project) in `cacheDir`: the cached one while
 * its sources are unchanged, else a new build; undefined when none can be built or written.
 */
export async function cliBundle(entry = cliEntry, cacheDir = cliCacheDir) {
  try {
    return cachedBundle(cacheDir) ?? (await buildBundle(entry, cacheDir));
  } catch {
    return undefined;
  }
}

/** Runs the `portal` command: from the bundle, or through tsx when none can be made. */
export async function runCli() {
  const bundle = await cliBundle();
  // Stack traces name the TypeScript sources, as under tsx.
  process.setSourceMapsEnabled(true);
  if (bundle) {
    await import(pathToFileURL(bundle).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(cliEntry).href);
}
