import { CHUNK, CODES, HALF, OUT, SORT_AT, SORT_COUNTS, STATE, seedKernel, type SeedKernel } from './kernel';

/** A genome read and sketched straight from FASTA text (see `sketchFasta`). */
export interface FastaSketch {
  sketch: SeedSketch;
  contigs: { name: string; start: number; length: number }[];
  length: number;
  gc: number;
  ambiguous: number;
}
/**
 * Seed sketches of genomes: a fixed fraction of all canonical 16-mers (FracMinHash), each kept
 * with its position and strand. Sixteen bases fill a 32-bit word exactly and the MurmurHash3
 * finaliser is a bijection on 32-bit words, so two seeds with the same hash are the same k-mer:
 * there are no false matches to correct for. One seed in `SEED_DENSITY` is kept — dense enough
 * to estimate the identity of each 3-kb fragment of a query on its own (as fastANI does), sparse
 * enough that a 5 Mbp genome's sketch is about 5 MB. The seeds with the smallest hashes form the
 * screening sketch (one in `SCREEN_DENSITY`): a prefix of the sorted seeds, no second pass.
 */

export const KMER = 16;
/** One k-mer in this many is a seed (FracMinHash scale). */
export const SEED_DENSITY = 8;
/** One k-mer in this many is a screening hash (a subset of the seeds). */
export const SCREEN_DENSITY = 2000;
/** Query fragments are compared one by one, as in fastANI (Jain et al. 2018). */
export const FRAGMENT_LENGTH = 3000;

export const SEED_LIMIT = Math.floor(0x1_0000_0000 / SEED_DENSITY);
export const SCREEN_LIMIT = Math.floor(0x1_0000_0000 / SCREEN_DENSITY);

/** The parts of an assembly the sketch reads: codes 0–3 for bases, 4 for N; contigs in order. */
export interface GenomeSequence {
  codes: Uint8Array;
  contigs: readonly { start: number; length: number }[];
  length: number;
}

export interface SeedSketch {
  /** Seed hashes, ascending. */
  hashes: Uint32Array;
  /** Position of each seed's first base (in the contigs laid end to end) times two, plus 1 when the seed is the reverse complement of the genome's strand. */
  positions: Uint32Array;
  /** Bases of the genome. */
  length: number;
  /** First base of each contig, and its length. */
  contigStarts: Uint32Array;
  contigLengths: Uint32Array;
}

/** The MurmurHash3 finaliser: a bijection on 32-bit words that spreads k-mers evenly. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

let scratchHashes: Uint32Array = new Uint32Array(1 << 16);
let scratchPositions: Uint32Array = new Uint32Array(1 << 16);

function grow(count: number): void {
  const size = Math.max(count + 1, scratchHashes.length * 2);
  const hashes = new Uint32Array(size);
  hashes.set(scratchHashes);
  const positions = new Uint32Array(size);
  positions.set(scratchPositions);
  scratchHashes = hashes;
  scratchPositions = positions;
}

/** Where sorted seeds go: a fresh pair of arrays, or (for worker threads) a pair on shared memory. */
export type SeedArrays = (count: number) => { hashes: Uint32Array; positions: Uint32Array };

const plainArrays: SeedArrays = (count) => ({ hashes: new Uint32Array(count), positions: new Uint32Array(count) });

/** Seed arrays on one SharedArrayBuffer: handed to other threads without a copy. */
export const sharedArrays: SeedArrays = (count) => {
  const memory = new SharedArrayBuffer(8 * count);
  return { hashes: new Uint32Array(memory, 0, count), positions: new Uint32Array(memory, 4 * count, count) };
};

/**
 * Sorts the seeds by hash, stably (equal hashes keep their genome order), into arrays from `into`;
 * the input is left as it is. The kernel's `sortSeeds` does it where there is one (the sort took
 * as long as hashing every base in JavaScript); `{ wasm: false }` runs the JavaScript radix sort,
 * which the tests hold the kernel to.
 */
export function sortByHash(hashes: Uint32Array, positions: Uint32Array, into: SeedArrays = plainArrays, options: { wasm?: boolean } = {}): { hashes: Uint32Array; positions: Uint32Array } {
  const kernel = options.wasm === false ? null : seedKernel();
  return kernel ? kernelSort(hashes, positions, into, kernel) : loopSort(hashes, positions, into);
}

function kernelSort(hashes: Uint32Array, positions: Uint32Array, into: SeedArrays, kernel: SeedKernel): { hashes: Uint32Array; positions: Uint32Array } {
  const n = hashes.length;
  const h = SORT_AT;
  const p = h + 4 * n;
  const a = p + 4 * n;
  const b = a + 8 * n;
  const end = b + 8 * n;
  // Grown with room to spare, so that the next, slightly larger genome does not grow it again.
  if (kernel.memory.buffer.byteLength < end) kernel.memory.grow(Math.ceil((end + (end >>> 2) - kernel.memory.buffer.byteLength) / 65536));
  const memory = kernel.memory.buffer;
  new Uint32Array(memory, h, n).set(hashes);
  new Uint32Array(memory, p, n).set(positions);
  kernel.sortSeeds(n, h, p, a, b, SORT_COUNTS);
  const out = into(n);
  out.hashes.set(new Uint32Array(memory, h, n));
  out.positions.set(new Uint32Array(memory, p, n));
  return out;
}

/** Two 16-bit LSD radix passes, carrying the positions along. */
function loopSort(hashes: Uint32Array, positions: Uint32Array, into: SeedArrays): { hashes: Uint32Array; positions: Uint32Array } {
  // Typed as plain Uint32Array views: the arrays may live on shared memory (worker threads).
  const n = hashes.length;
  const out = into(n);
  const h2: Uint32Array = new Uint32Array(n);
  const p2: Uint32Array = new Uint32Array(n);
  const counts = new Uint32Array(65537);
  const passes: [Uint32Array, Uint32Array, Uint32Array, Uint32Array, number][] = [
    [hashes, positions, h2, p2, 0],
    [h2, p2, out.hashes, out.positions, 16],
  ];
  for (const [fromH, fromP, toH, toP, shift] of passes) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[((fromH[i]! >>> shift) & 0xffff) + 1]!++;
    for (let b = 0; b < 65536; b++) counts[b + 1]! += counts[b]!;
    for (let i = 0; i < n; i++) {
      const d = counts[(fromH[i]! >>> shift) & 0xffff]!++;
      toH[d] = fromH[i]!;
      toP[d] = fromP[i]!;
    }
  }
  return out;
}

/**
 * The seed sketch of a genome: every canonical 16-mer whose hash falls in the kept fraction.
 * The WebAssembly kernel does the work where it is available; `{ wasm: false }` runs the
 * JavaScript loop and sort, which the tests hold the kernel to. `into` says where the sorted
 * seeds go (`sharedArrays`: for other threads).
 */
export function sketchGenome(genome: GenomeSequence, options: { wasm?: boolean; into?: SeedArrays } = {}): SeedSketch {
  const kernel = options.wasm === false ? null : seedKernel();
  const seeds = kernel ? kernelSeeds(genome, kernel) : loopSeeds(genome);
  const sorted = sortByHash(seeds.hashes, seeds.positions, options.into, options);
  return {
    hashes: sorted.hashes,
    positions: sorted.positions,
    length: genome.length,
    contigStarts: Uint32Array.from(genome.contigs, (c) => c.start),
    contigLengths: Uint32Array.from(genome.contigs, (c) => c.length),
  };
}

/** Seeds in genome order, by the kernel (views on this thread's scratch arrays, which sorting copies out of): each contig in chunks, the rolling state kept between them. */
function kernelSeeds(genome: GenomeSequence, kernel: SeedKernel): { hashes: Uint32Array; positions: Uint32Array } {
  let hashes = scratchHashes;
  let positions = scratchPositions;
  let count = 0;
  for (const contig of genome.contigs) {
    new Int32Array(kernel.memory.buffer, STATE, 3).fill(0);
    for (let at = contig.start, end = contig.start + contig.length; at < end; at += CHUNK) {
      const length = Math.min(CHUNK, end - at);
      new Uint8Array(kernel.memory.buffer, CODES, length).set(genome.codes.subarray(at, at + length));
      const found = kernel.seeds(length, at, SEED_LIMIT);
      if (count + found > hashes.length) {
        grow(count + found);
        hashes = scratchHashes;
        positions = scratchPositions;
      }
      hashes.set(new Uint32Array(kernel.memory.buffer, OUT, found), count);
      positions.set(new Uint32Array(kernel.memory.buffer, OUT + HALF, found), count);
      count += found;
    }
  }
  return { hashes: hashes.subarray(0, count), positions: positions.subarray(0, count) };
}

/**
 * Reads plain FASTA text and sketches it in one pass of the kernel, without building the array of
 * base codes: the fast way for reference genomes, whose bases are needed for nothing else. Returns
 * null for anything out of the ordinary (no kernel, a FASTQ, a stray byte, a duplicate or empty
 * contig name): the caller then reads the file the careful way, which says what is wrong.
 */
export function sketchFasta(text: Uint8Array, into?: SeedArrays): FastaSketch | null {
  const kernel = seedKernel();
  if (!kernel) return null;
  const n = text.length;
  let at = 0;
  if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) at = 3;
  while (at < n && (text[at] === 0x20 || text[at] === 0x0a || text[at] === 0x0d || text[at] === 0x09)) at++;
  if (text[at] === 0x40) return null;
  const state = new Int32Array(kernel.memory.buffer, STATE, 7);
  state.fill(0);
  let hashes = scratchHashes;
  let positions = scratchPositions;
  let count = 0;
  const contigs: { name: string; start: number; length: number }[] = [];
  const names = new Set<string>();
  let current: string | null = null;
  let contigStart = 0;
  const close = () => {
    const pos = state[3]!;
    if (current !== null || pos > contigStart) contigs.push({ name: current ?? 'sequence', start: contigStart, length: pos - contigStart });
    contigStart = pos;
  };
  while (at < n) {
    const length = Math.min(CHUNK, n - at);
    new Uint8Array(kernel.memory.buffer, CODES, length).set(text.subarray(at, at + length));
    const found = kernel.fastaSeeds(length, SEED_LIMIT);
    if (count + found > hashes.length) {
      grow(count + found);
      hashes = scratchHashes;
      positions = scratchPositions;
    }
    hashes.set(new Uint32Array(kernel.memory.buffer, OUT, found), count);
    positions.set(new Uint32Array(kernel.memory.buffer, OUT + HALF, found), count);
    count += found;
    const stop = state[6]!;
    if (stop < 0) {
      at += length;
      continue;
    }
    const header = at + stop;
    if (text[header] !== 0x3e) return null;
    close();
    let end = header + 1;
    while (end < n && text[end] !== 0x0a) end++;
    let nameEnd = header + 1;
    while (nameEnd < end && text[nameEnd]! > 0x20) nameEnd++;
    const name = String.fromCharCode(...text.subarray(header + 1, Math.min(nameEnd, header + 200)));
    if (!name || names.has(name) || /[^\x21-\x7e]/.test(name)) return null;
    names.add(name);
    current = name;
    // A new contig: no k-mer runs across its start.
    state[0] = 0;
    state[1] = 0;
    state[2] = 0;
    at = end;
  }
  close();
  // Read before sorting: the sort may grow the kernel's memory, which detaches this view.
  const [length, gc, ambiguous] = [state[3]!, state[4]!, state[5]!];
  if (length === 0) return null;
  const sorted = sortByHash(hashes.subarray(0, count), positions.subarray(0, count), into);
  return {
    sketch: {
      hashes: sorted.hashes,
      positions: sorted.positions,
      length,
      contigStarts: Uint32Array.from(contigs, (c) => c.start),
      contigLengths: Uint32Array.from(contigs, (c) => c.length),
    },
    contigs,
    length,
    gc,
    ambiguous,
  };
}

/** Seeds in genome order, by the JavaScript loop. */
function loopSeeds(genome: GenomeSequence): { hashes: Uint32Array; positions: Uint32Array } {
  const { codes, contigs } = genome;
  // Locals, not the module's scratch variables, inside the loop: they stay in registers.
  let hashes = scratchHashes;
  let positions = scratchPositions;
  let capacity = hashes.length;
  let count = 0;
  for (const contig of contigs) {
    let forward = 0;
    let reverse = 0;
    let run = 0;
    const end = contig.start + contig.length;
    for (let i = contig.start; i < end; i++) {
      const x = codes[i]!;
      if (x > 3) {
        run = 0;
        continue;
      }
      forward = (forward << 2) | x;
      reverse = (reverse >>> 2) | ((3 - x) << 30);
      if (++run < KMER) continue;
      const f = forward >>> 0;
      const r = reverse >>> 0;
      let h = f <= r ? f : r;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      h >>>= 0;
      if (h >= SEED_LIMIT) continue;
      if (count === capacity) {
        grow(count);
        hashes = scratchHashes;
        positions = scratchPositions;
        capacity = hashes.length;
      }
      hashes[count] = h;
      positions[count++] = ((i - KMER + 1) * 2 + (f <= r ? 0 : 1)) >>> 0;
    }
  }
  return { hashes: hashes.subarray(0, count), positions: positions.subarray(0, count) };
}

/** The screening hashes of a sketch: the prefix of its sorted seeds below the screening limit. */
export function screeningHashes(sketch: SeedSketch): Uint32Array {
  let lo = 0;
  let hi = sketch.hashes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sketch.hashes[mid]! < SCREEN_LIMIT) lo = mid + 1;
    else hi = mid;
  }
  return sketch.hashes.subarray(0, lo);
}

/** Full fragments of a genome: each contig cut into 3-kb pieces from its start, the rest left out (as fastANI does). */
export function fragmentCount(sketch: Pick<SeedSketch, 'contigLengths'>): number {
  let n = 0;
  for (const length of sketch.contigLengths) n += Math.floor(length / FRAGMENT_LENGTH);
  return n;
}

/** A sketch as a query: which fragment each seed lies in (−1 for none), and the seeds per fragment. */
export interface QuerySketch extends SeedSketch {
  fragmentOf: Int32Array;
  seedsPerFragment: Uint32Array;
  fragments: number;
}

export function asQuery(sketch: SeedSketch): QuerySketch {
  const fragments = fragmentCount(sketch);
  // First fragment of each contig, to number fragments across contigs.
  const firstFragment = new Uint32Array(sketch.contigStarts.length);
  for (let c = 1; c < firstFragment.length; c++) firstFragment[c] = firstFragment[c - 1]! + Math.floor(sketch.contigLengths[c - 1]! / FRAGMENT_LENGTH);
  const fragmentOf = new Int32Array(sketch.hashes.length);
  const seedsPerFragment = new Uint32Array(fragments);
  const starts = sketch.contigStarts;
  for (let i = 0; i < sketch.positions.length; i++) {
    const pos = sketch.positions[i]! >>> 1;
    // The contig holding pos: the last start ≤ pos.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    const offset = pos - starts[lo]!;
    const piece = Math.floor(offset / FRAGMENT_LENGTH);
    // A seed counts for a fragment only when all its bases lie inside it.
    if (piece >= Math.floor(sketch.contigLengths[lo]! / FRAGMENT_LENGTH) || offset + KMER > (piece + 1) * FRAGMENT_LENGTH) {
      fragmentOf[i] = -1;
      continue;
    }
    const fragment = firstFragment[lo]! + piece;
    fragmentOf[i] = fragment;
    seedsPerFragment[fragment]!++;
  }
  return { ...sketch, fragmentOf, seedsPerFragment, fragments };
}
