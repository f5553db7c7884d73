import { readFileSync, statSync, utimesSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KERNELS, compileKernels, staleKernels, wasmDir } from '../assembly/compile.mjs';
import { CHUNK, CLASS, CODES, HALF, OUT, STATE, seedKernel } from '../src/identify/genome/kernel';
import { localAlignKernel } from '../src/identify/its/local-align-kernel';
import { QueryWords } from '../src/identify/rrna/align';
import { BASE_A, BASE_C, TWO_BIT, encodeNucleotides } from '../src/identify/rrna/alphabet';
import { instantiate } from '../src/identify/rrna/wasm/instance';
import { instantiateKernels } from '../src/identify/rrna/wasm/kernels';
import { instantiateScanKernels } from '../src/identify/rrna/wasm/scan-kernels';

// The AssemblyScript kernels (packages/core/assembly) called directly, on inputs small enough to
// work out by hand. That they agree with the JavaScript passes on real work is tested beside those
// passes (identify-align, identify-scan, identify-its, genome).

const codes = (text: string) => encodeNucleotides(text).codes;

interface Described {
  name: string;
  kind: string;
}
/** The parts of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
const wasm = (globalThis as unknown as { WebAssembly: { Module: { new (bytes: Uint8Array): object; imports(m: object): Described[]; exports(m: object): Described[] } } }).WebAssembly;
const wasmFile = (name: string) => `${wasmDir}/${name}.wasm`;

/** The ids of a module's sections, read from its bytes. */
function sectionIds(bytes: Uint8Array): number[] {
  const ids: number[] = [];
  let p = 8;
  const leb = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = bytes[p++]!;
      value |= (byte & 127) << shift;
      shift += 7;
    } while (byte & 128);
    return value >>> 0;
  };
  while (p < bytes.length) {
    ids.push(bytes[p++]!);
    const size = leb();
    p += size;
  }
  return ids;
}

describe('AssemblyScript kernels', () => {
  it('leave their whole memory to the caller: no imports, no data, only the kernels exported', () => {
    const exported: Record<string, string[]> = {
      align: ['initRow', 'fillRows', 'scanWords'],
      scan: ['find', 'count'],
      'local-align': ['fill'],
      seeds: ['seeds', 'fastaSeeds', 'sortSeeds'],
    };
    expect(Object.keys(KERNELS).sort()).toEqual(Object.keys(exported).sort());
    for (const [name, functions] of Object.entries(exported)) {
      const made = instantiate<Record<string, unknown>>(name as 'align');
      expect(made).not.toBeNull();
      const bytes = readFileSync(wasmFile(name));
      const module = new wasm.Module(bytes);
      expect(wasm.Module.imports(module)).toEqual([]);
      // Section 11 holds data segments: none may sit where callers lay out their tables.
      expect(sectionIds(bytes)).not.toContain(11);
      const exports = wasm.Module.exports(module);
      expect(exports.filter((e) => e.kind === 'function').map((e) => e.name).sort()).toEqual([...functions].sort());
      expect(exports.some((e) => e.kind === 'memory' && e.name === 'memory')).toBe(true);
    }
  });

  it('align: row 0 inside the band, then one matched cell', () => {
    const k = instantiateKernels()!;
    const i32 = new Int32Array(k.memory.buffer);
    const NEG = -0x3fffffff;
    // H at 1024, F at 2048; cols 5, band −2..3, gap open 5, extend 2.
    k.initRow(1024, 2048, 5, -2, 3, 0, 5, 2);
    expect(Array.from(i32.subarray(256, 256 + 7))).toEqual([0, -7, -9, -11, NEG, NEG, NEG]);
    expect(Array.from(i32.subarray(512, 512 + 7))).toEqual(new Array(7).fill(NEG));
    k.initRow(1024, 2048, 5, -2, 3, 1, 5, 2);
    expect(Array.from(i32.subarray(256, 256 + 7))).toEqual([0, 0, 0, 0, NEG, NEG, NEG]);

    // Query A against reference A, band −1..1 (width 3): the diagonal, +2, wins over both gaps.
    const u8 = new Uint8Array(k.memory.buffer);
    const psPtr = 4096;
    i32.fill(-3, psPtr >> 2, (psPtr >> 2) + 256);
    i32[(psPtr >> 2) + ((BASE_A << 4) | BASE_A)] = 2;
    u8[64] = BASE_A; // query
    u8[96] = BASE_A; // reference
    const tPtr = 8192;
    u8.fill(99, tPtr, tPtr + 16);
    k.initRow(1024, 2048, 1, -1, 1, 0, 5, 2);
    k.fillRows(64, 1, 96, 1, -1, 1, 3, 1024, 2048, tPtr, psPtr, 5, 2);
    expect(i32[256]).toBe(-7); // column 0 of row 1: the leading gap
    expect(i32[257]).toBe(2);
    expect(i32[513]).toBe(-14); // F: a gap opened from above
    // Row 1 of the trace starts at 1 × width − 1 − dLo: cell (1, 1) is byte 4.
    expect(u8[tPtr + 4]).toBe(0); // diagonal, no gap extended

    // A mismatch (−3) still beats opening a gap (−14).
    u8[96] = BASE_C;
    k.initRow(1024, 2048, 1, -1, 1, 0, 5, 2);
    k.fillRows(64, 1, 96, 1, -1, 1, 3, 1024, 2048, tPtr, psPtr, 5, 2);
    expect(i32[257]).toBe(-3);
  });

  it('align: a word shared with the query extended into one maximal run', () => {
    const k = instantiateKernels()!;
    const query = codes('GATTACACGTTGCAAG');
    const ref = codes('CCCCTACACGTTGCACCCC');
    const words = new QueryWords(query, 6);
    const need = 65536 + 8 * words.keys.length;
    if (k.memory.buffer.byteLength < need) k.memory.grow(Math.ceil((need - k.memory.buffer.byteLength) / 65536));
    const u8 = new Uint8Array(k.memory.buffer);
    const i32 = new Int32Array(k.memory.buffer);
    for (let c = 0; c < 16; c++) u8[c] = TWO_BIT[c]! < 0 ? 255 : TWO_BIT[c]!;
    u8.set(query, 1024);
    u8.set(ref, 2048);
    const keysPtr = 65536;
    const posPtr = keysPtr + 4 * words.keys.length;
    i32.set(words.keys, keysPtr >> 2);
    i32.set(words.positions, posPtr >> 2);
    const runsPtr = 4096;
    const found = k.scanWords(2048, 0, ref.length, 1024, query.length, 6, keysPtr, posPtr, words.bits, runsPtr, 100, 0);
    expect(found).toBe(1);
    // Query 3…13 (TACACGTTGCA) is reference 4…14: the run stops where the query has A, the reference C.
    expect(Array.from(i32.subarray(runsPtr >> 2, (runsPtr >> 2) + 3))).toEqual([3, 4, 11]);
    // maxRuns 0: found but not written.
    expect(k.scanWords(2048, 0, ref.length, 1024, query.length, 6, keysPtr, posPtr, words.bits, runsPtr, 0, 0)).toBe(0);
  });

  it('local-align: the best local alignment score and where it ends', () => {
    const k = localAlignKernel()!;
    const u8 = new Uint8Array(k.memory.buffer);
    const i32 = new Int32Array(k.memory.buffer);
    const q = codes('ACGT');
    const r = codes('TTACGTTT');
    u8.set(q, 0);
    u8.set(r, 64);
    // match 2, mismatch −1, gap −2: ACGT found whole, ending at query 4, reference 6.
    expect(k.fill(0, q.length, 64, r.length, 1024, 2, -1, -2, 128)).toBe(8);
    expect([i32[32], i32[33]]).toEqual([4, 6]);
    // Nothing in common: every cell floors at zero.
    const none = codes('GGGG');
    u8.set(none, 0);
    expect(k.fill(0, none.length, 64, 2, 1024, 2, -1, -2, 128)).toBe(0);
    // Ambiguity codes are base sets: R (A or G) matches A.
    u8.set(codes('R'), 0);
    u8.set(codes('A'), 64);
    expect(k.fill(0, 1, 64, 1, 1024, 2, -1, -2, 128)).toBe(2);
  });

  it('seeds: the layout the JavaScript side uses, and one canonical 16-mer with its strand', () => {
    const k = seedKernel()!;
    const made = instantiate<Record<string, { value: number }>>('seeds')!;
    expect({ CHUNK: made.CHUNK!.value, STATE: made.STATE!.value, CLASS: made.CLASS!.value, CODES: made.CODES!.value, OUT: made.OUT!.value, HALF: made.HALF!.value }).toEqual({
      CHUNK,
      STATE,
      CLASS,
      CODES,
      OUT,
      HALF,
    });
    const mix = (x: number) => {
      let h = x >>> 0;
      h = (h ^ (h >>> 16)) >>> 0;
      h = Math.imul(h, 0x85ebca6b) >>> 0;
      h = (h ^ (h >>> 13)) >>> 0;
      h = Math.imul(h, 0xc2b2ae35) >>> 0;
      return (h ^ (h >>> 16)) >>> 0;
    };
    const view = () => ({ u8: new Uint8Array(k.memory.buffer), u32: new Uint32Array(k.memory.buffer), i32: new Int32Array(k.memory.buffer) });
    const { u8, u32 } = view();
    // Sixteen T (code 3): the forward word is all ones, the reverse (sixteen A) zero and canonical.
    u32.fill(0, STATE >> 2, (STATE >> 2) + 7);
    u8.fill(3, CODES, CODES + 16);
    expect(k.seeds(16, 100, 0xffffffff)).toBe(1);
    expect(u32[OUT >> 2]).toBe(mix(0));
    expect(u32[(OUT + HALF) >> 2]).toBe(100 * 2 + 1); // position 100, reverse strand
    // An N (code 4) restarts the k-mer: fifteen bases after it make none.
    u32.fill(0, STATE >> 2, (STATE >> 2) + 7);
    u8.fill(0, CODES, CODES + 16);
    u8[CODES] = 4;
    expect(k.seeds(16, 0, 0xffffffff)).toBe(0);
    // A limit keeps only hashes below it.
    u32.fill(0, STATE >> 2, (STATE >> 2) + 7);
    u8.fill(3, CODES, CODES + 16);
    expect(k.seeds(16, 0, mix(0))).toBe(0);

    // FASTA text: a line break is skipped, G and C counted, and a '>' stops the pass at its index.
    const text = new TextEncoder().encode('ACGTACGT\nACGTACGTA>next');
    u32.fill(0, STATE >> 2, (STATE >> 2) + 7);
    u8.set(text, CODES);
    expect(u8[CLASS + 0x3e]).toBe(6);
    const found = k.fastaSeeds(text.length, 0xffffffff);
    const { i32 } = view();
    expect(found).toBe(2); // 17 bases: 16-mers at base 0 and 1
    expect(i32[(STATE >> 2) + 3]).toBe(17); // position
    expect(i32[(STATE >> 2) + 4]).toBe(8); // G + C
    expect(i32[(STATE >> 2) + 6]).toBe(text.indexOf(0x3e)); // stopped at the header
    expect(u32[(OUT + HALF) >> 2]! >>> 1).toBe(0);
    expect(u32[(OUT + HALF + 4) >> 2]! >>> 1).toBe(1);
  });

  it('scan: instantiates with memory of its own per call', () => {
    const a = instantiateScanKernels()!;
    const b = instantiateScanKernels()!;
    expect(a.memory).not.toBe(b.memory);
    new Int32Array(a.memory.buffer)[0] = 7;
    expect(new Int32Array(b.memory.buffer)[0]).toBe(0);
  });

  it('are compiled again when a .wasm is older than its source', async () => {
    const file = wasmFile('local-align');
    utimesSync(file, 0, 0);
    expect(staleKernels()).toContain('local-align');
    await compileKernels();
    expect(staleKernels()).toEqual([]);
    expect(statSync(file).mtimeMs).toBeGreaterThan(0);
  }, 60_000);
});
