// Builds the `mdc` command and the server to JavaScript with esbuild, so that they start without
// compiling TypeScript (tsx) on every run: `node apps/server/build.mjs` (npm runs it after
// install; `bin/mdc.js` runs it again when a source is newer than the build). The workspace
// packages (@mdc/*) are bundled, npm packages stay external. Worker threads get bundles of their
// own: a `new URL('./x.mjs', import.meta.url)` bootstrap of the sources is pointed at the bundle
// of the module that bootstrap imports. Any other `import.meta.url` keeps naming the source file,
// so data folders and migrations are read where they are in the checkout. The same step compiles
// the WebAssembly kernels (AssemblyScript, packages/core/assembly) that the core package loads.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(serverDir, '../..');
/**
 * The kernels' compile script, where the checkout has one (a checkout made of the start scripts
 * alone, as the start test makes, builds the bundle without kernels).
 */
const kernelScript = path.join(repoRoot, 'packages/core/assembly/compile.mjs');
const kernels = existsSync(kernelScript) ? await import(pathToFileURL(kernelScript).href) : undefined;
export const distDir = path.join(serverDir, 'dist');
const stampFile = path.join(distDir, 'stamp.json');
/** Folders whose TypeScript goes into the build. */
const SOURCE_DIRS = ['apps/server/src', 'packages/contracts/src', 'packages/core/src', 'packages/refdata/src'].map((d) => path.join(repoRoot, d));

/** Newest modification time of the sources (code files) and how many there are. */
export function sourceState() {
  let newest = 0;
  let files = 0;
  for (const dir of SOURCE_DIRS) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mjs|js|json)$/.test(entry.name)) continue;
      files++;
      const mtime = statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs;
      if (mtime > newest) newest = mtime;
    }
  }
  return { newest, files };
}

/** Whether the build exists and no source changed since it was made (kernels included). */
export function buildIsFresh() {
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    const now = sourceState();
    // The bundles name the checkout's files by absolute path: a moved checkout builds again.
    return stamp.repoRoot === repoRoot && stamp.newest === now.newest && stamp.files === now.files && existsSync(path.join(distDir, 'mdc.mjs')) && (kernels?.staleKernels().length ?? 0) === 0;
  } catch {
    return false;
  }
}

/** The worker module a bootstrap (`x.mjs`: register tsx, import './y.ts') stands for. */
function workerSource(bootstrap) {
  const text = readFileSync(bootstrap, 'utf8');
  const target = /import\(\s*['"](\.\/[^'"]+\.ts)['"]\s*\)/.exec(text)?.[1];
  return target ? path.resolve(path.dirname(bootstrap), target) : undefined;
}

/** A bundle name for a worker module: its path under the repository, with dashes. */
const workerName = (source) => path.relative(repoRoot, source).replace(/\.ts$/, '').replace(/[\\/]/g, '-');

const WORKER_URL = /new URL\(\s*(['"])\.\/([\w.-]+\.mjs)\1\s*,\s*import\.meta\.url\s*\)/g;

/** Worker modules referenced from the sources (found by their bootstraps). */
function findWorkers() {
  const workers = new Map();
  for (const dir of SOURCE_DIRS) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(WORKER_URL)) {
        const bootstrap = path.resolve(path.dirname(file), m[2]);
        const source = existsSync(bootstrap) ? workerSource(bootstrap) : undefined;
        if (source) workers.set(bootstrap, source);
      }
    }
  }
  return workers;
}

export async function build({ quiet = false } = {}) {
  const esbuild = await import('esbuild');
  const started = performance.now();
  try {
    await kernels?.compileKernels({ quiet });
  } catch (error) {
    // The bundle is still worth building; the loader tries the compile again, and says why it fails, at first use.
    console.error(`mdc: ${error.message}`);
  }
  const state = sourceState();
  const workers = findWorkers();
  const entryPoints = { mdc: path.join(repoRoot, 'apps/server/src/cli/main.ts') };
  for (const source of new Set(workers.values())) entryPoints[`threads/${workerName(source)}`] = source;
  const sourcesPlugin = {
    name: 'mdc-sources',
    setup(b) {
      // npm packages load from node_modules at run time; workspace packages are TypeScript: bundled.
      b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@mdc/') || args.path.startsWith('node:') ? undefined : { path: args.path, external: true }));
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`) && !args.path.includes(`${path.sep}@mdc${path.sep}`)) return undefined;
        let text = readFileSync(args.path, 'utf8');
        text = text.replace(WORKER_URL, (whole, _q, file) => {
          const source = workers.get(path.resolve(path.dirname(args.path), file));
          // An absolute address: the code that starts the thread may land in any chunk of the bundle.
          return source ? `new URL(${JSON.stringify(pathToFileURL(path.join(distDir, 'threads', `${workerName(source)}.mjs`)).href)})` : whole;
        });
        text = text.replace(/import\.meta\.url/g, JSON.stringify(pathToFileURL(args.path).href));
        return { contents: text, loader: 'ts' };
      });
    },
  };
  const tmp = `${distDir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await esbuild.build({
    entryPoints,
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [sourcesPlugin],
    logLevel: quiet ? 'error' : 'warning',
    sourcemap: 'linked',
    // Bundled CommonJS helpers need require in an ES module.
    banner: { js: "import { createRequire as __mdcRequire } from 'node:module'; const require = __mdcRequire(import.meta.url);" },
  });
  writeFileSync(path.join(tmp, 'stamp.json'), JSON.stringify({ ...state, repoRoot, builtAt: new Date().toISOString() }));
  rmSync(distDir, { recursive: true, force: true });
  try {
    renameSync(tmp, distDir);
  } catch (error) {
    // Another process built it at the same moment: theirs is as good.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(stampFile)) throw error;
  }
  if (!quiet) console.error(`mdc: built ${Object.keys(entryPoints).length} bundles into ${path.relative(repoRoot, distDir)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(path.dirname(distDir), { recursive: true });
  await build().catch((error) => {
    // Never fail an install over it: the command falls back to running the sources.
    console.error(`mdc: could not build the server (${error.message}); it will run from its TypeScript sources`);
  });
}
