import { instantiate, type WasmMemory } from './instance';

/**
 * The alignment kernels (AssemblyScript: packages/core/assembly/align.ts). They mirror `alignExact`
 * (matrix fill) and `SemiGlobalAligner.align` (word scan) in ../align.ts line by line; the
 * JavaScript versions stay as the reference and the fallback, and tests check both give the same
 * alignments.
 *
 * Memory: addresses are byte offsets chosen by the caller (see KernelMemory in runtime.ts); i32
 * arrays are 4-byte aligned.
 */
export interface KernelExports {
  memory: WasmMemory;
  initRow(hPtr: number, fPtr: number, cols: number, dLo: number, dHi: number, freeStart: number, gapOpen: number, gapExtend: number): void;
  fillRows(
    qAddr: number,
    rows: number,
    rAddr: number,
    cols: number,
    dLo: number,
    dHi: number,
    width: number,
    hPtr: number,
    fPtr: number,
    tPtr: number,
    psPtr: number,
    gapOpen: number,
    gapExtend: number,
  ): void;
  scanWords(
    refPtr: number,
    rs: number,
    re: number,
    qPtr: number,
    m: number,
    k: number,
    keysPtr: number,
    posPtr: number,
    bits: number,
    runsPtr: number,
    maxRuns: number,
    twoBitPtr: number,
  ): number;
}

/** A new kernel instance with its own memory, or null where WebAssembly is unavailable. */
export function instantiateKernels(): KernelExports | null {
  return instantiate<KernelExports>('align');
}
