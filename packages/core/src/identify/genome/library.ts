import { SCREEN_LIMIT, screeningHashes, type SeedSketch } from './sketch';

/** A reference genome as the engine knows it: who it is, and its sketch. */
export interface GenomeReference {
  /** Stable identifier (an accession, or the file it came from). */
  id: string;
  species: string;
  strain: string;
  accession: string;
  length: number;
  /** Percent G+C of the unambiguous bases. */
  gcPercent: number;
  contigs: number;
  sketch: SeedSketch;
}

export function genusOf(species: string): string {
  return species.trim().split(/\s+/)[0] ?? '';
}

/**
 * The screening index: for every screening hash, the genomes holding it. Screening hashes are
 * below SCREEN_LIMIT (about 2.1 million values), so the index is addressed directly — one offset
 * per possible hash and one 32-bit genome number per posting, no hash table. A 5 Mbp genome has
 * about 2,500 screening hashes: 100,000 genomes make 250 million postings (1 GB), which is why the
 * index holds only these, and seed sketches are fetched for the few candidates a query needs.
 */
export class ScreeningIndex {
  private readonly offsets: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly counts: Uint32Array;

  /** `hashes[i]`: the screening hashes of genome i (sorted). */
  constructor(hashes: readonly Uint32Array[]) {
    const distinct = hashes.map(distinctHashes);
    const offsets = new Uint32Array(SCREEN_LIMIT + 1);
    for (const list of distinct) for (const h of list) offsets[h + 1]!++;
    for (let h = 0; h < SCREEN_LIMIT; h++) offsets[h + 1]! += offsets[h]!;
    const postings = new Uint32Array(offsets[SCREEN_LIMIT]!);
    const fill = offsets.slice(0, SCREEN_LIMIT);
    distinct.forEach((list, index) => {
      for (const h of list) postings[fill[h]!++] = index;
    });
    this.offsets = offsets;
    this.postings = postings;
    this.counts = new Uint32Array(hashes.length);
  }

  get size(): number {
    return this.counts.length;
  }

  /** Bytes of the index (offsets and postings). */
  get bytes(): number {
    return this.offsets.byteLength + this.postings.byteLength;
  }

  /**
   * The genomes sharing most screening hashes with the query, most first, with the share of the
   * query's screening hashes each holds. Only genomes sharing at least one hash.
   */
  screen(queryHashes: Uint32Array, limit = this.counts.length): { index: number; shared: number; share: number }[] {
    const hashes = distinctHashes(queryHashes);
    const counts = this.counts;
    counts.fill(0);
    for (const h of hashes) for (let p = this.offsets[h]!, end = this.offsets[h + 1]!; p < end; p++) counts[this.postings[p]!]!++;
    const found: { index: number; shared: number; share: number }[] = [];
    for (let i = 0; i < counts.length; i++) if (counts[i]! > 0) found.push({ index: i, shared: counts[i]!, share: counts[i]! / Math.max(1, hashes.length) });
    found.sort((a, b) => b.shared - a.shared || a.index - b.index);
    return found.slice(0, limit);
  }
}

/** The references held in memory with their seed sketches, and their screening index. */
export class GenomeLibrary {
  readonly references: readonly GenomeReference[];
  private readonly index: ScreeningIndex;

  constructor(references: readonly GenomeReference[]) {
    this.references = references;
    this.index = new ScreeningIndex(references.map((r) => screeningHashes(r.sketch)));
  }

  get indexBytes(): number {
    return this.index.bytes;
  }

  screen(query: SeedSketch, limit?: number): { index: number; shared: number; share: number }[] {
    return this.index.screen(screeningHashes(query), limit);
  }
}

/** The distinct values of a sorted array (a repeat's seeds share a hash). */
function distinctHashes(sorted: Uint32Array): Uint32Array {
  let n = 0;
  const out = new Uint32Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) out[n++] = sorted[i]!;
  return out.subarray(0, n);
}
