import { instantiate } from '../rrna/wasm/instance';

/**
 * The seed loop of `sketchGenome` in WebAssembly (AssemblyScript: packages/core/assembly/seeds.ts):
 * every base of every genome passes through it, and compiled WebAssembly runs it in a third of the
 * time the JavaScript loop takes. The JavaScript loop in sketch.ts stays as the reference and the
 * fallback; a test checks that both give the same seeds.
 *
 * Memory: the rolling state (forward word, reverse word, run length…) at STATE, one chunk of base
 * codes at CODES, hashes written at OUT and their positions (× 2 + strand) at OUT + HALF — room
 * for a seed at every base of the chunk, so a chunk never overflows. The kernel source holds the
 * same constants (exported as globals; a test compares them).
 */
export const CHUNK = 1 << 20;
/** fw, rv, run, pos, gc, ambiguous, stop (7 ints). */
export const STATE = 0;
/** Byte classes of FASTA text for `fastaSeeds` (256 bytes). */
export const CLASS = 32;
export const CODES = 512;
export const OUT = CODES + CHUNK;
/** Hashes at OUT, their positions HALF bytes further: both copied out in one move each. */
export const HALF = 4 * CHUNK;
/** `sortSeeds`' two count tables (at most 2 × 65,536 u32), then the seeds it sorts (24 bytes a seed: the memory grows to hold them). */
export const SORT_COUNTS = OUT + 8 * CHUNK;
export const SORT_AT = SORT_COUNTS + 8 * 65536;
const PAGES = Math.ceil(SORT_AT / 65536) + 1;

/**
 * Byte classes of FASTA text: 0–3 bases (either case), 4 N and the other ambiguity letters, 5
 * line ends and blanks (skipped), 6 '>' (a header: the caller reads it), 7 anything else (the
 * caller decides: a stray character, protein, a binary file).
 */
export const FASTA_CLASS = (() => {
  const table = new Uint8Array(256).fill(7);
  for (const [letters, code] of [['A', 0], ['C', 1], ['G', 2], ['TU', 3], ['NRYKMSWBDHV', 4]] as const) {
    for (const c of letters) {
      table[c.charCodeAt(0)] = code;
      table[c.toLowerCase().charCodeAt(0)] = code;
    }
  }
  for (const c of ' \t\r\n\v\f') table[c.charCodeAt(0)] = 5;
  table[0x3e] = 6;
  return table;
})();

export interface SeedKernel {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  seeds(length: number, posBase: number, limit: number): number;
  fastaSeeds(length: number, limit: number): number;
  sortSeeds(n: number, hashes: number, positions: number, a: number, b: number, counts: number): void;
}

let instance: SeedKernel | null | undefined;

/** This thread's seed kernel, or null where WebAssembly is unavailable (the JavaScript loop then runs). */
export function seedKernel(): SeedKernel | null {
  if (instance !== undefined) return instance;
  instance = instantiate<SeedKernel>('seeds');
  if (instance) {
    const { memory } = instance;
    if (memory.buffer.byteLength < PAGES * 65536) memory.grow(PAGES - memory.buffer.byteLength / 65536);
    new Uint8Array(memory.buffer, CLASS, 256).set(FASTA_CLASS);
  }
  return instance;
}
