import { instantiate, type WasmMemory } from '../rrna/wasm/instance';

/**
 * The matrix fill of the 5.8S locator's Smith–Waterman (`localAlign` in regions.ts), AssemblyScript
 * in packages/core/assembly/local-align.ts, mirroring its JavaScript loop, which stays as the
 * reference and the fallback (tests compare the two).
 *
 * Memory: the query at qPtr (n base sets), the reference at rPtr (m), the matrix of (n + 1) × (m + 1)
 * i32 at hPtr; the best cell's row and column are written at outPtr.
 */
export interface LocalAlignKernel {
  memory: WasmMemory;
  fill(qPtr: number, n: number, rPtr: number, m: number, hPtr: number, match: number, mismatch: number, gap: number, outPtr: number): number;
}

let kernel: LocalAlignKernel | null | undefined;

/** The kernel (one instance, reused), or null where WebAssembly is unavailable. */
export function localAlignKernel(): LocalAlignKernel | null {
  if (kernel === undefined) kernel = instantiate<LocalAlignKernel>('local-align');
  return kernel;
}
