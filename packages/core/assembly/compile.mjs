// Compiles the WebAssembly kernels from their AssemblyScript sources (this folder) into wasm/,
// which the core package loads them from (../src/identify/rrna/wasm/instance.ts). The .wasm files
// are build outputs, not kept in git: apps/server/build.mjs calls this at install (npm's `prepare`)
// and whenever `mdc` finds its build stale, and the loader calls it when a kernel is missing or
// older than its source (a test run from the TypeScript sources, an edited kernel).
//   node packages/core/assembly/compile.mjs [--force]
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const wasmDir = path.join(here, 'wasm');

/** Kernel modules: the source is `<name>.ts`, the output `wasm/<name>.wasm`; pages of initial memory. */
export const KERNELS = { align: 4, scan: 1, 'local-align': 1, seeds: 1 };

/**
 * Every module starts with memory that is wholly the caller's: the stub runtime (no allocator, no
 * garbage collector), no assertions and no abort import, so a module has no imports and no data.
 */
const OPTIONS = ['-O3', '--runtime', 'stub', '--noAssert', '--use', 'abort=', '--enable', 'simd'];

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);

/** Kernels whose .wasm is missing or older than their source or this script. */
export function staleKernels() {
  const script = mtime(fileURLToPath(import.meta.url));
  return Object.keys(KERNELS).filter((name) => {
    const built = mtime(path.join(wasmDir, `${name}.wasm`));
    return built < 0 || built < mtime(path.join(here, `${name}.ts`)) || built < script;
  });
}

/** Compiles the stale kernels (all with force); throws naming the kernel and the compiler's message. */
export async function compileKernels({ force = false, quiet = true } = {}) {
  const names = force ? Object.keys(KERNELS) : staleKernels();
  if (names.length === 0) return [];
  const started = performance.now();
  let asc;
  try {
    ({ default: asc } = await import('assemblyscript/asc'));
  } catch (error) {
    throw new Error(`could not compile the WebAssembly kernels (${names.join(', ')}): the AssemblyScript compiler is not installed (\`npm ci\` installs it; it is a development dependency): ${error.message}`);
  }
  mkdirSync(wasmDir, { recursive: true });
  for (const name of names) {
    const out = path.join(wasmDir, `${name}.wasm.tmp-${process.pid}`);
    const { error, stderr } = await asc.main([path.join(here, `${name}.ts`), '-o', out, ...OPTIONS, '--initialMemory', String(KERNELS[name])], {});
    if (error) {
      rmSync(out, { force: true });
      throw new Error(`could not compile the ${name} kernel (packages/core/assembly/${name}.ts): ${error.message}\n${stderr.toString()}`);
    }
    // Renamed into place whole: a process loading it meanwhile never reads half a module.
    renameSync(out, path.join(wasmDir, `${name}.wasm`));
  }
  writeFileSync(path.join(wasmDir, 'README'), 'Build outputs of ../compile.mjs (not in git).\n');
  if (!quiet) console.error(`mdc: compiled ${names.length} WebAssembly kernel(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return names;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await compileKernels({ force: process.argv.includes('--force'), quiet: false });
  } catch (error) {
    console.error(`mdc: ${error.message}`);
    process.exit(1);
  }
}
