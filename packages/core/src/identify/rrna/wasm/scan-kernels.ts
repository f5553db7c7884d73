import { instantiate, type WasmMemory } from './instance';

/**
 * The two passes of a batch's scan of the references (../reference-scan.ts), AssemblyScript in
 * packages/core/assembly/scan.ts, mirroring `findInReferences` and `countInReferences` there line by
 * line; the JavaScript versions stay as the reference and the fallback, and tests check both give
 * the same candidates.
 *
 * Memory: byte addresses chosen by the caller (WasmScan in ../reference-scan.ts); i32 arrays 4-byte
 * aligned.
 */
export interface ScanKernels {
  memory: WasmMemory;
  find(codesPtr: number, offsetsPtr: number, first: number, last: number, ranksPtr: number, mask: number, k: number, seenPtr: number, hitsPtr: number, count: number, hitEndPtr: number, twoBitPtr: number): number;
  count(
    hitsPtr: number,
    hitEndPtr: number,
    first: number,
    last: number,
    countedPtr: number,
    readsOfPtr: number,
    listsPtr: number,
    countsPtr: number,
    touchedPtr: number,
    fullPtr: number,
    worstPtr: number,
    heapCountsPtr: number,
    heapRefsPtr: number,
    sizesPtr: number,
    limit: number,
  ): void;
}

/** A new instance of the scan kernels with its own memory, or null where WebAssembly is unavailable. */
export function instantiateScanKernels(): ScanKernels | null {
  return instantiate<ScanKernels>('scan');
}
