import { instantiateKernels, type KernelExports } from './kernels';

/**
 * Memory of one kernel instance (one per aligner, so per thread): fixed tables, then the current
 * query, its word table, the current reference, word runs, the two matrix rows and the trace
 * matrix. Regions grow by relayout; whatever was copied in is then copied again on next use
 * (the `loaded*` identities are cleared).
 */
export class KernelMemory {
  readonly twoBitPtr = 0;
  readonly pairScorePtr = 64;
  queryPtr = 0;
  keysPtr = 0;
  posPtr = 0;
  refPtr = 0;
  runsPtr = 0;
  hPtr = 0;
  fPtr = 0;
  tracePtr = 0;
  private queryCap = 8192;
  private tableCap = 1 << 15;
  private refCap = 8192;
  private rowCap = 8194;
  private traceCap = 1 << 20;
  u8!: Uint8Array;
  i32!: Int32Array;
  loadedQuery: Uint8Array | null = null;
  loadedKeys: Int32Array | null = null;
  loadedRef: Uint8Array | null = null;

  private constructor(
    readonly kernels: KernelExports,
    pairScore: Int32Array,
    twoBit: Int8Array,
  ) {
    this.layout();
    for (let c = 0; c < 16; c++) this.u8[this.twoBitPtr + c] = twoBit[c]! < 0 ? 255 : twoBit[c]!;
    this.i32.set(pairScore, this.pairScorePtr >> 2);
  }

  static create(pairScore: Int32Array, twoBit: Int8Array): KernelMemory | null {
    const kernels = instantiateKernels();
    return kernels ? new KernelMemory(kernels, pairScore, twoBit) : null;
  }

  private layout(): void {
    const align = (n: number) => (n + 63) & ~63;
    this.queryPtr = 2048;
    this.keysPtr = align(this.queryPtr + this.queryCap);
    this.posPtr = this.keysPtr + 4 * this.tableCap;
    this.refPtr = this.posPtr + 4 * this.tableCap;
    this.runsPtr = align(this.refPtr + this.refCap);
    this.hPtr = this.runsPtr + 12 * this.refCap;
    this.fPtr = this.hPtr + 4 * this.rowCap;
    this.tracePtr = this.fPtr + 4 * this.rowCap;
    const needed = this.tracePtr + this.traceCap;
    const memory = this.kernels.memory;
    if (memory.buffer.byteLength < needed) memory.grow(Math.ceil((needed - memory.buffer.byteLength) / 65536));
    this.u8 = new Uint8Array(memory.buffer);
    this.i32 = new Int32Array(memory.buffer);
    this.loadedQuery = null;
    this.loadedKeys = null;
    this.loadedRef = null;
  }

  /** Makes room for a query, its word table, a reference and a matrix; relayouts when something is too small. */
  reserve(queryLength: number, tableSize: number, refLength: number, rowLength: number, traceBytes: number): void {
    let change = false;
    if (queryLength > this.queryCap) {
      this.queryCap = Math.max(queryLength, this.queryCap * 2);
      change = true;
    }
    if (tableSize > this.tableCap) {
      this.tableCap = Math.max(tableSize, this.tableCap * 2);
      change = true;
    }
    if (refLength > this.refCap) {
      this.refCap = Math.max(refLength, this.refCap * 2);
      change = true;
    }
    if (rowLength > this.rowCap) {
      this.rowCap = Math.max(rowLength, this.rowCap * 2);
      change = true;
    }
    if (traceBytes > this.traceCap) {
      this.traceCap = Math.max(traceBytes, this.traceCap * 2);
      change = true;
    }
    if (change) this.layout();
  }

  loadQuery(query: Uint8Array): void {
    if (this.loadedQuery === query) return;
    this.reserve(query.length, 0, 0, 0, 0);
    this.u8.set(query, this.queryPtr);
    this.loadedQuery = query;
  }

  loadRef(ref: Uint8Array): void {
    if (this.loadedRef === ref) return;
    this.reserve(0, 0, ref.length, 0, 0);
    this.u8.set(ref, this.refPtr);
    this.loadedRef = ref;
  }

  loadWordTable(keys: Int32Array, positions: Int32Array): void {
    if (this.loadedKeys === keys) return;
    this.reserve(0, keys.length, 0, 0, 0);
    this.i32.set(keys, this.keysPtr >> 2);
    this.i32.set(positions, this.posPtr >> 2);
    this.loadedKeys = keys;
  }
}
