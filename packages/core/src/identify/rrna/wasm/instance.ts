import { assemble, type WatModule } from './assembler';

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

const compiled = new WeakMap<WatModule, object | null>();

/**
 * A new instance of a kernel module, with its own memory (the module assembled and compiled once
 * per process), or null where WebAssembly is unavailable or refuses the module: callers then use
 * their JavaScript versions.
 */
export function instantiate<T>(module: WatModule): T | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  if (!compiled.has(module)) {
    try {
      compiled.set(module, new api.Module(assemble(module)));
    } catch {
      compiled.set(module, null);
    }
  }
  const made = compiled.get(module);
  return made ? (new api.Instance(made, {}).exports as T) : null;
}
