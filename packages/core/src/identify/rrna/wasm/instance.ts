// The parts of the WebAssembly API used here (the project's TypeScript libs do not declare it).

/** The memory a kernel module defines and exports. */
export interface WasmMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/**
 * The kernel modules, each compiled from `packages/core/assembly/<name>.ts` (AssemblyScript) to
 * `packages/core/assembly/wasm/<name>.wasm` by `packages/core/assembly/compile.mjs`, which the build
 * (`apps/server/build.mjs`, run at install) calls.
 */
export type KernelName = 'align' | 'scan' | 'local-align' | 'seeds';

// Named from this source file: the server's bundle keeps `import.meta.url` naming the source, so
// the sources and the bundle read the same files. (The web app's bundler is told to leave it: the
// browser never loads a kernel.)
const assemblyDir = new URL(/* @vite-ignore */ '../../../../assembly/', import.meta.url);

/** The few Node.js functions the loader needs (declared here: the web app's type check has no Node types). */
interface NodeParts {
  readFileSync(file: string): Uint8Array;
  mtime(file: string): number;
  fileURLToPath(url: URL): string;
  spawnSync(command: string, args: string[], options: { encoding: 'utf8' }): { status: number | null; stderr: string; error?: Error };
  execPath: string;
}

/** Node's modules, fetched at run time: this file is also in the web app's import graph. */
function nodeParts(): NodeParts | null {
  const proc = (globalThis as { process?: { execPath: string; getBuiltinModule?: (id: string) => unknown } }).process;
  if (!proc?.getBuiltinModule) return null;
  const fs = proc.getBuiltinModule('node:fs') as { readFileSync(f: string): Uint8Array; statSync(f: string, o: { throwIfNoEntry: false }): { mtimeMs: number } | undefined };
  const url = proc.getBuiltinModule('node:url') as { fileURLToPath(u: URL): string };
  const childProcess = proc.getBuiltinModule('node:child_process') as { spawnSync: NodeParts['spawnSync'] };
  return {
    readFileSync: (file) => fs.readFileSync(file),
    mtime: (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1,
    fileURLToPath: (u) => url.fileURLToPath(u),
    spawnSync: (command, args, options) => childProcess.spawnSync(command, args, options),
    execPath: proc.execPath,
  };
}

/**
 * A kernel's bytes. A .wasm that is missing or older than its source is compiled first (by the
 * compile script, in a child process: the loader stays synchronous); when that fails the error says
 * so, rather than the search quietly running its slower JavaScript.
 */
function kernelBytes(name: KernelName): Uint8Array {
  const node = nodeParts()!;
  const file = node.fileURLToPath(new URL(`wasm/${name}.wasm`, assemblyDir));
  const script = node.fileURLToPath(new URL('compile.mjs', assemblyDir));
  const built = node.mtime(file);
  if (built < 0 || built < node.mtime(node.fileURLToPath(new URL(`${name}.ts`, assemblyDir))) || built < node.mtime(script)) {
    const run = node.spawnSync(node.execPath, [script], { encoding: 'utf8' });
    if (run.status !== 0) {
      throw new Error(
        `WebAssembly kernel ${name}: ${built < 0 ? 'missing' : 'older than its source'} (${file}), and compiling it failed: ${(run.stderr || run.error?.message || '').trim()} — run \`npm run build:server\` or \`node packages/core/assembly/compile.mjs\``,
      );
    }
  }
  return node.readFileSync(file);
}

const compiled = new Map<KernelName, object>();

/**
 * A new instance of a kernel module, with its own memory (the module read and compiled once per
 * process), or null where WebAssembly or Node.js is unavailable: callers then use their JavaScript
 * versions.
 * A missing kernel that cannot be built throws (see kernelBytes).
 */
export function instantiate<T>(name: KernelName): T | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  // Outside Node.js (the web app imports these modules for their types and pure functions) there is
  // no kernel file to read: the JavaScript versions run.
  if (!api || !nodeParts()) return null;
  let module = compiled.get(name);
  if (!module) {
    module = new api.Module(kernelBytes(name));
    compiled.set(name, module);
  }
  return new api.Instance(module, {}).exports as T;
}
