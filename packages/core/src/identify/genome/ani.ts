import { FRAGMENT_LENGTH, KMER, fragmentCount, type QuerySketch, type SeedSketch } from './sketch';

/**
 * Average nucleotide identity the way fastANI defines it (Jain et al. 2018, Nat Commun 9:5114):
 * the query is cut into 3-kb fragments, each fragment is placed where it fits best in the
 * reference, its identity is estimated, and the ANI is the mean identity over the fragments that
 * map — keeping, for each 3-kb bin of the reference, only its best fragment, so that a repeat in
 * the query is not counted twice.
 *
 * A fragment's identity comes from its seeds: a 16-mer survives d differences per base with
 * probability (1 − d)^16, so the share C of the fragment's seeds found on the placed diagonal of
 * the reference gives identity C^(1/16). The seeds are placed first — the diagonal band (same
 * strand, offset within ± `band` bases) that holds most of them — so that a seed matching
 * elsewhere in the genome (a repeat, a paralogue) is not counted.
 */
export interface AniOptions {
  /** A fragment maps when at least this many of its seeds fall on one diagonal band. */
  minAnchors: number;
  /** Seeds occurring more often than this in either genome are repeats, not placed. */
  maxOccurrences: number;
  /** Diagonal bin width (bases, a power of two); a band is three bins, tolerating indel drift within a fragment. */
  bin: number;
  /** Fragments with fewer seeds than this (long N runs, low complexity) are not estimated. */
  minSeeds: number;
}

export const DEFAULT_ANI_OPTIONS: AniOptions = { minAnchors: 2, maxOccurrences: 8, bin: 128, minSeeds: 20 };

export interface GenomeComparison {
  /** Percent; 0 when no fragment maps. */
  ani: number;
  queryFragments: number;
  /** Query fragments mapped, after keeping the best per reference bin (fastANI's "matched fragments"). */
  mappedFragments: number;
  /** mappedFragments / queryFragments (0–1). */
  queryAf: number;
  referenceFragments: number;
  /** mappedFragments / referenceFragments, at most 1. */
  referenceAf: number;
  /** Identity (0–1) of each query fragment where it mapped, 0 elsewhere (before the per-bin filter). */
  fragmentIdentity: Float32Array;
}

// Scratch space reused across comparisons (one comparison at a time per thread): three ints per
// anchor — diagonal key, query seed, reference position — grouped by query fragment.
let slots: Int32Array = new Int32Array(3 << 16);
// The runs of equal hashes both genomes share (four ints each), found by the one merge.
let runs: Int32Array = new Int32Array(4 << 16);

const TABLE = 1024; // open-addressing table of diagonal bins for one fragment
const tableKeys = new Int32Array(TABLE).fill(-1);
const tableCounts = new Int32Array(TABLE);
const touched = new Int32Array(TABLE);

// Diagonals are offset to stay positive: forward rpos − qpos + OFFSET, reverse rpos + qpos.
const OFFSET = 1 << 30;

/**
 * Compares a query with a reference genome: ANI and the aligned fractions of both.
 *
 * One merge of the sorted seeds counts each query fragment's anchors (seeds shared with the
 * reference, repeats left out) and notes where the shared runs are; a pass over those runs then
 * writes the anchors straight into their fragment's slots, so that each fragment's anchors are
 * read in one run. The merges step without a
 * branch on the comparison: a branch on random hashes mispredicts every other time.
 */
export function compareGenomes(query: QuerySketch, reference: SeedSketch, options: AniOptions = DEFAULT_ANI_OPTIONS): GenomeComparison {
  const { minAnchors, maxOccurrences, bin, minSeeds } = options;
  const shift = Math.round(Math.log2(bin));
  const qh = query.hashes;
  const qp = query.positions;
  const qf = query.fragmentOf;
  const rh = reference.hashes;
  const rp = reference.positions;
  const nq = qh.length;
  const nr = rh.length;
  const fragments = query.fragments;

  // 1. Anchors per fragment, and the runs of shared seeds (query from–to, reference from–to).
  const starts = new Int32Array(fragments + 1);
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < nq && j < nr) {
    const a = qh[i]!;
    const b = rh[j]!;
    if (a !== b) {
      i += +(a < b) | 0;
      j += +(a > b) | 0;
      continue;
    }
    let i2 = i + 1;
    while (i2 < nq && qh[i2] === a) i2++;
    let j2 = j + 1;
    while (j2 < nr && rh[j2] === a) j2++;
    if (i2 - i <= maxOccurrences && j2 - j <= maxOccurrences) {
      for (let x = i; x < i2; x++) if (qf[x]! >= 0) starts[qf[x]! + 1]! += j2 - j;
      if (4 * (shared + 1) > runs.length) {
        const more = new Int32Array(2 * runs.length);
        more.set(runs);
        runs = more;
      }
      runs[4 * shared] = i;
      runs[4 * shared + 1] = i2;
      runs[4 * shared + 2] = j;
      runs[4 * shared + 3] = j2;
      shared++;
    }
    i = i2;
    j = j2;
  }
  for (let f = 0; f < fragments; f++) starts[f + 1]! += starts[f]!;
  const anchors = starts[fragments]!;
  if (slots.length < 3 * anchors) slots = new Int32Array(3 * anchors + 3 * 65536);
  const fill = starts.slice(0, fragments);

  // 2. The anchors, written into their fragment's slots: the runs found above, without a second merge.
  for (let run = 0; run < shared; run++) {
    const i = runs[4 * run]!;
    const i2 = runs[4 * run + 1]!;
    const j = runs[4 * run + 2]!;
    const j2 = runs[4 * run + 3]!;
    for (let x = i; x < i2; x++) {
      const fragment = qf[x]!;
      if (fragment < 0) continue;
      const q = qp[x]!;
      const qpos = q >>> 1;
      for (let y = j; y < j2; y++) {
        const r = rp[y]!;
        const rpos = r >>> 1;
        const reverse = (q ^ r) & 1;
        const at = 3 * fill[fragment]!++;
        // Bin of the diagonal, times two plus the strand.
        slots[at] = (((reverse ? rpos + qpos : rpos - qpos + OFFSET) >>> shift) << 1) | reverse;
        slots[at + 1] = x;
        slots[at + 2] = rpos;
      }
    }
  }

  // 3. Each fragment: the diagonal bin with most anchors, and the share of its seeds in that bin
  // and its neighbours (same strand); the best fragment of each reference bin counts once.
  const fragmentIdentity = new Float32Array(fragments);
  const counted = new Uint8Array(nq);
  const bestOfBin = new Map<number, number>();
  for (let f = 0; f < fragments; f++) {
    const from = 3 * starts[f]!;
    const to = 3 * starts[f + 1]!;
    const seeds = query.seedsPerFragment[f]!;
    if (to - from < 3 * minAnchors || seeds < minSeeds) continue;
    let used = 0;
    let bestKey = -1;
    let bestCount = 0;
    for (let t = from; t < to; t += 3) {
      const key = slots[t]!;
      let slot = (Math.imul(key, 0x9e3779b1) >>> 22) & (TABLE - 1);
      while (tableKeys[slot] !== -1 && tableKeys[slot] !== key) slot = (slot + 1) & (TABLE - 1);
      if (tableKeys[slot] === -1) {
        tableKeys[slot] = key;
        tableCounts[slot] = 0;
        touched[used++] = slot;
      }
      const count = ++tableCounts[slot]!;
      if (count > bestCount) {
        bestCount = count;
        bestKey = key;
      }
    }
    for (let u = 0; u < used; u++) tableKeys[touched[u]!] = -1;
    let found = 0;
    let low = 0x7fffffff;
    let high = 0;
    const strand = bestKey & 1;
    const centre = bestKey >> 1;
    for (let t = from; t < to; t += 3) {
      const key = slots[t]!;
      if ((key & 1) !== strand || Math.abs((key >> 1) - centre) > 1) continue;
      const x = slots[t + 1]!;
      // A seed of the fragment found twice in the band (a tandem repeat) counts once.
      if (counted[x]) continue;
      counted[x] = 1;
      found++;
      const rpos = slots[t + 2]!;
      if (rpos < low) low = rpos;
      if (rpos > high) high = rpos;
    }
    if (found < minAnchors) continue;
    fragmentIdentity[f] = Math.pow(Math.min(1, found / seeds), 1 / KMER);
    // The reference bin of the fragment's middle: neighbouring fragments fall in neighbouring bins.
    const refBin = Math.floor((low + high) / 2 / FRAGMENT_LENGTH);
    const held = bestOfBin.get(refBin);
    if (held === undefined || fragmentIdentity[f]! > fragmentIdentity[held]!) bestOfBin.set(refBin, f);
  }

  let sum = 0;
  for (const f of bestOfBin.values()) sum += fragmentIdentity[f]!;
  const mapped = bestOfBin.size;
  const referenceFragments = Math.max(1, fragmentCount(reference));
  return {
    ani: mapped ? (100 * sum) / mapped : 0,
    queryFragments: fragments,
    mappedFragments: mapped,
    queryAf: fragments ? mapped / fragments : 0,
    referenceFragments,
    referenceAf: Math.min(1, mapped / referenceFragments),
    fragmentIdentity,
  };
}
