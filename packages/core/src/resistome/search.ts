/**
 * Nucleotide search of reference genes in an assembly, the way KMA and BLAST-based tools find them
 * but sized for one job: every 16-mer of the references in a hash table (canonical, so one lookup
 * serves both strands), the assembly sampled every `stride` bases against it, seeds grouped by
 * reference, strand and diagonal, and only those candidate loci aligned — ungapped first, a banded
 * Smith–Waterman where the ungapped identity says an indel (or an edge) is there.
 */

/** Bases as codes 0–3 (A, C, G, T), 4 for N or another ambiguity letter; contigs one after another. */
export interface ContigSet {
  codes: Uint8Array;
  contigs: readonly { name: string; start: number; length: number }[];
}

export interface ReferenceSequence {
  id: string;
  sequence: Uint8Array;
}

const K = 16;

/** Canonical 16-mers of a set of reference sequences → (reference, position, orientation) postings. */
export class KmerIndex {
  readonly refs: readonly ReferenceSequence[];
  /** Group of each reference (alleles of one gene family seed together); members of each group. */
  readonly groupOf: Int32Array;
  readonly members: number[][];
  /** Build-time table (every k-mer position), dropped once the compact one is filled. */
  private keys: Uint32Array;
  private slots: Int32Array;
  private mask: number;
  private shift: number;
  /** Compact lookup table, twice the distinct k-mers: keys as signed integers (-1, i.e. TTTT…T, empty: never a canonical 16-mer) and their numbers. */
  readonly tableKeys: Int32Array;
  readonly tableIds: Int32Array;
  readonly tableShift: number;
  readonly tableMask: number;
  /** CSR postings: for slot s, entries offsets[s] … offsets[s + 1]. */
  private readonly offsets: Int32Array;
  private readonly postRef: Int32Array;
  /** Position of the k-mer's first base in the reference, times 2, plus 1 when the reference's strand is the reverse of the canonical. */
  private readonly postPos: Int32Array;

  /**
   * `groupKey` puts alleles that differ by a few bases into one group (`blaTEM-1B`, `blaTEM-52` →
   * `blaTEM`): a k-mer posts once per group and position instead of once per allele, and a seeded
   * locus is then aligned with every allele of its group.
   */
  constructor(refs: readonly ReferenceSequence[], groupKey: (ref: ReferenceSequence, index: number) => string = (_r, i) => String(i)) {
    this.refs = refs;
    const groups = new Map<string, number>();
    this.members = [];
    this.groupOf = new Int32Array(refs.length);
    refs.forEach((r, i) => {
      const key = groupKey(r, i);
      let g = groups.get(key);
      if (g === undefined) {
        g = this.members.length;
        groups.set(key, g);
        this.members.push([]);
      }
      this.groupOf[i] = g;
      this.members[g]!.push(i);
    });
    let total = 0;
    for (const r of refs) total += Math.max(0, r.sequence.length - K + 1);
    let size = 1;
    while (size < total * 2) size <<= 1;
    this.mask = size - 1;
    this.shift = 32 - Math.log2(size);
    this.keys = new Uint32Array(size);
    this.slots = new Int32Array(size).fill(-1);
    // Two passes over the references: count the postings of each distinct k-mer, then fill them.
    const ids: Int32Array[] = refs.map((r) => new Int32Array(Math.max(0, r.sequence.length - K + 1)).fill(-1));
    const orient: Uint8Array[] = refs.map((r) => new Uint8Array(Math.max(0, r.sequence.length - K + 1)));
    let counts = new Int32Array(1024);
    let distinct = 0;
    for (let ri = 0; ri < refs.length; ri++) {
      const seq = refs[ri]!.sequence;
      const id = ids[ri]!;
      const or = orient[ri]!;
      let f = 0;
      let r = 0;
      let valid = 0;
      for (let i = 0; i < seq.length; i++) {
        const c = seq[i]!;
        if (c > 3) {
          valid = 0;
          continue;
        }
        f = ((f << 2) | c) >>> 0;
        r = ((r >>> 2) | ((3 - c) << 30)) >>> 0;
        if (++valid < K) continue;
        const canon = f <= r ? f : r;
        const slot = this.slotOf(canon, true);
        let kid = this.slots[slot]!;
        if (kid < 0) {
          kid = distinct++;
          this.slots[slot] = kid;
          if (kid >= counts.length) {
            const grown = new Int32Array(counts.length * 2);
            grown.set(counts);
            counts = grown;
          }
        }
        counts[kid]!++;
        id[i - K + 1] = kid;
        or[i - K + 1] = f <= r ? 0 : 1;
      }
    }
    const offsets = new Int32Array(distinct + 1);
    for (let i = 0; i < distinct; i++) offsets[i + 1] = offsets[i]! + counts[i]!;
    const fill = Int32Array.from(offsets.subarray(0, distinct));
    const postRef = new Int32Array(offsets[distinct]!);
    const postPos = new Int32Array(offsets[distinct]!);
    for (let ri = 0; ri < refs.length; ri++) {
      const id = ids[ri]!;
      const or = orient[ri]!;
      const group = this.groupOf[ri]!;
      for (let pos = 0; pos < id.length; pos++) {
        const kid = id[pos]!;
        if (kid < 0) continue;
        const value = pos * 2 + or[pos]!;
        // The same group at the same place already posted (another allele of the family): once is enough.
        let seen = false;
        for (let q = offsets[kid]!; q < fill[kid]!; q++) {
          if (postRef[q] === group && postPos[q] === value) {
            seen = true;
            break;
          }
        }
        if (seen) continue;
        const at = fill[kid]!++;
        postRef[at] = group;
        postPos[at] = value;
      }
    }
    // Compact away the room the duplicates left.
    this.offsets = new Int32Array(distinct + 1);
    for (let i = 0; i < distinct; i++) this.offsets[i + 1] = this.offsets[i]! + (fill[i]! - offsets[i]!);
    this.postRef = new Int32Array(this.offsets[distinct]!);
    this.postPos = new Int32Array(this.offsets[distinct]!);
    for (let i = 0; i < distinct; i++) {
      this.postRef.set(postRef.subarray(offsets[i]!, fill[i]!), this.offsets[i]!);
      this.postPos.set(postPos.subarray(offsets[i]!, fill[i]!), this.offsets[i]!);
    }
    // Lookups mostly miss (a genome holds few resistance genes): one small table, one probe a miss.
    let tsize = 1024;
    while (tsize < distinct * 2) tsize <<= 1;
    this.tableKeys = new Int32Array(tsize).fill(-1);
    this.tableIds = new Int32Array(tsize);
    this.tableShift = 32 - Math.log2(tsize);
    this.tableMask = tsize - 1;
    for (let h = 0; h < this.keys.length; h++) {
      const id = this.slots[h]!;
      if (id < 0) continue;
      const key = this.keys[h]! | 0;
      let t = kmerHash(key) >>> this.tableShift;
      while (this.tableKeys[t] !== -1) t = (t + 1) & this.tableMask;
      this.tableKeys[t] = key;
      this.tableIds[t] = id;
    }
    this.keys = new Uint32Array(0);
    this.slots = new Int32Array(0);
  }

  private slotOf(key: number, insert: boolean): number {
    let h = kmerHash(key) >>> this.shift;
    for (;;) {
      const id = this.slots[h]!;
      if (id < 0) {
        if (insert) this.keys[h] = key;
        return insert ? h : -1;
      }
      if (this.keys[h] === key) return h;
      h = (h + 1) & this.mask;
    }
  }

  /** The k-mer's number (-1 when no reference holds it); its postings are {@link postingsFrom} … {@link postingsTo}. */
  lookup(key: number): number {
    key |= 0;
    let t = kmerHash(key) >>> this.tableShift;
    for (;;) {
      const k = this.tableKeys[t]!;
      if (k === key) return this.tableIds[t]!;
      if (k === -1) return -1;
      t = (t + 1) & this.tableMask;
    }
  }
  postingsFrom(id: number): number {
    return this.offsets[id]!;
  }
  postingsTo(id: number): number {
    return this.offsets[id + 1]!;
  }
  postingRef(i: number): number {
    return this.postRef[i]!;
  }
  postingPos(i: number): number {
    return this.postPos[i]!;
  }
}

const CHUNK = 1 << 16;

/** Seeds of one chunk: the k-mer's number, its start on the contig and whether its reverse is the canonical. */
class HitList {
  kid = new Int32Array(4096);
  local = new Int32Array(4096);
  reverse = new Uint8Array(4096);
  length = 0;
  push(kid: number, local: number, reverse: number): void {
    if (this.length === this.kid.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.kid = grow(this.kid);
      this.local = grow(this.local);
      this.reverse = grow(this.reverse);
    }
    this.kid[this.length] = kid;
    this.local[this.length] = local;
    this.reverse[this.length] = reverse;
    this.length++;
  }
}

/** The indexed k-mers starting every `stride`-th base of the contig (from `contigStart`) that end within [from, to). */
function scanChunk(codes: Uint8Array, contigStart: number, from: number, to: number, stride: number, tableKeys: Int32Array, tableIds: Int32Array, tableShift: number, tableMask: number, hits: HitList): void {
  // 16-mers as signed 32-bit integers throughout (V8 keeps them unboxed); the canonical is the unsigned smaller, compared with the sign bit flipped.
  let f = 0;
  let r = 0;
  let valid = 0;
  for (let i = Math.max(contigStart, from - K + 1); i < to; i++) {
    const c = codes[i]!;
    if (c > 3) {
      valid = 0;
      continue;
    }
    f = (f << 2) | c;
    r = (r >>> 2) | ((3 - c) << 30);
    if (++valid < K || i < from) continue;
    const local = i - K + 1 - contigStart;
    if (local % stride !== 0) continue;
    const reverse = (f ^ 0x80000000) <= (r ^ 0x80000000) ? 0 : 1;
    const key = reverse ? r | 0 : f;
    let t = kmerHash(key) >>> tableShift;
    for (;;) {
      const k = tableKeys[t]!;
      if (k === key) {
        hits.push(tableIds[t]!, local, reverse);
        break;
      }
      if (k === -1) break;
      t = (t + 1) & tableMask;
    }
  }
}

/** A seed's postings into the (group, strand, contig, diagonal) bins. */
function addSeeds(index: KmerIndex, bins: Map<number, number[]>, ci: number, kid: number, local: number, reverse: number): void {
  const a = index.postingsFrom(kid);
  const b = index.postingsTo(kid);
  for (let p = a; p < b; p++) {
    const ref = index.postingRef(p); // the group
    const packed = index.postingPos(p);
    const refPos = packed >>> 1;
    const same = (packed & 1) === reverse;
    // Forward: contig position of the reference's first base; reverse: the same on the reverse strand, counted from the contig's start.
    const diag = same ? local - refPos : local + K - 1 + refPos;
    const key = ((ref * 2 + (same ? 0 : 1)) * 16384 + ci) * 1048576 + Math.floor((diag + 65536) / DIAG_BIN);
    const bin = bins.get(key);
    if (bin) {
      bin[0]!++;
      // The bin's diagonal by majority vote (a repeat can seed one off the true one first).
      if (bin[1] === diag) bin[5]!++;
      else if (--bin[5]! <= 0) {
        bin[1] = diag;
        bin[5] = 1;
      }
    } else bins.set(key, [1, diag, ci, ref, same ? 0 : 1, 1]);
  }
}

/** Fibonacci hashing after a mix: the product's high bits, which every bit of the key reaches. */
function kmerHash(key: number): number {
  const x = Math.imul(key ^ (key >>> 16), 0x45d9f3b);
  return Math.imul(x ^ (x >>> 16), 0x9e3779b1) >>> 0;
}

/** One reference aligned at one place of the assembly. */
export interface Alignment {
  ref: number;
  contig: number;
  /** +1: the reference reads along the contig; -1: along its reverse complement. */
  strand: 1 | -1;
  /** Aligned part of the reference, 0-based, end exclusive. */
  refFrom: number;
  refTo: number;
  /** Aligned part of the contig, forward coordinates, 0-based, end exclusive. */
  contigFrom: number;
  contigTo: number;
  matches: number;
  /** Alignment columns (matches, mismatches and gaps). */
  columns: number;
  identity: number;
  coverage: number;
  /** The reference runs past the contig's end (or start) where the alignment stops. */
  partial: boolean;
  /** With `detail`: for each reference base the aligned assembly base (on the reference's strand), -1 for a deletion; and the bases inserted after a reference position. */
  aligned?: Int8Array;
  insertions?: Map<number, number[]>;
  /** With `detail`: for each reference base the contig position (on the reference's strand, 0-based) aligned to it, -1 for a deletion. */
  subjectPos?: Int32Array;
}

export interface SearchOptions {
  minIdentity: number;
  minCoverage: number;
  /** Assembly positions looked up (every stride-th); the references are indexed at every position. */
  stride?: number;
  /** Fewest seeds a candidate locus needs. */
  minSeeds?: number;
  /** Keep base-by-base alignments (for mutation calling). */
  detail?: boolean;
}

const BAND = 24;
const DIAG_BIN = 64;

/** Every alignment of an indexed reference meeting the thresholds (several per locus where alleles overlap). */
export function searchAssembly(index: KmerIndex, assembly: ContigSet, options: SearchOptions): Alignment[] {
  const stride = options.stride ?? 4;
  const minSeeds = options.minSeeds ?? 2;
  const { codes } = assembly;
  const { tableKeys, tableIds, tableShift, tableMask } = index;
  // (group, strand, contig, diagonal bin) → [seeds, majority diagonal, contig, group, strand, votes]
  if (assembly.contigs.length > 16384) throw new RangeError('more than 16,384 contigs');
  const bins = new Map<number, number[]>();
  const hits = new HitList();
  for (let ci = 0; ci < assembly.contigs.length; ci++) {
    const contig = assembly.contigs[ci]!;
    // In chunks: a function called often is optimised by V8 early; one long loop runs in its slower tiers for long.
    for (let cs = contig.start; cs < contig.start + contig.length; cs += CHUNK) {
      hits.length = 0;
      scanChunk(codes, contig.start, cs, Math.min(cs + CHUNK, contig.start + contig.length), stride, tableKeys, tableIds, tableShift, tableMask, hits);
      for (let h = 0; h < hits.length; h++) addSeeds(index, bins, ci, hits.kid[h]!, hits.local[h]!, hits.reverse[h]!);
    }
  }
  // Neighbouring bins of one locus: keep the fullest of each run.
  const candidates = [...bins.entries()].filter(([, v]) => v[0]! >= minSeeds).sort((x, y) => x[0] - y[0]);
  const out: Alignment[] = [];
  let last = -Infinity;
  let lastBest: number[] | undefined;
  const flush = () => {
    if (lastBest) {
      for (const member of index.members[lastBest[3]!]!) {
        const a = alignCandidate(index.refs[member]!.sequence, assembly, lastBest[2]!, member, lastBest[4] === 0 ? 1 : -1, lastBest[1]!, options);
        if (a && a.identity >= options.minIdentity && a.coverage >= options.minCoverage) out.push(a);
      }
    }
  };
  for (const [key, v] of candidates) {
    if (key - last > 1 || !lastBest) {
      flush();
      lastBest = v;
    } else if (v[0]! > lastBest[0]!) lastBest = v;
    last = key;
  }
  flush();
  return out;
}

const COMPLEMENT = [3, 2, 1, 0, 4];

/**
 * The contig's bases on the reference's strand from strand position `from` to `to` (end
 * exclusive), 5 where that runs past the contig.
 */
export function strandWindow(assembly: ContigSet, contig: number, strand: 1 | -1, from: number, to: number): Uint8Array {
  const c = assembly.contigs[contig]!;
  const out = new Uint8Array(to - from).fill(5);
  const lo = Math.max(from, 0);
  const hi = Math.min(to, c.length);
  if (strand === 1) {
    for (let p = lo; p < hi; p++) out[p - from] = assembly.codes[c.start + p]!;
  } else {
    const last = c.start + c.length - 1;
    for (let p = lo; p < hi; p++) out[p - from] = COMPLEMENT[assembly.codes[last - p]!]!;
  }
  return out;
}

function alignCandidate(ref: Uint8Array, assembly: ContigSet, contig: number, refIndex: number, strand: 1 | -1, diag: number, options: SearchOptions): Alignment | undefined {
  const contigLength = assembly.contigs[contig]!.length;
  // Offset of the reference's first base on the reference's strand of the contig.
  const offset = strand === 1 ? diag : contigLength - 1 - diag;
  const n = ref.length;
  const winFrom = offset - BAND - 1;
  const window = strandWindow(assembly, contig, strand, winFrom, offset + n + BAND + 1);
  const shift = offset - winFrom;
  // Ungapped first.
  let matches = 0;
  let inside = 0;
  let first = -1;
  let lastIn = -1;
  for (let i = 0; i < n; i++) {
    const b = window[shift + i]!;
    if (b === 5) continue;
    if (first < 0) first = i;
    lastIn = i;
    inside++;
    if (b === ref[i]) matches++;
  }
  if (inside === 0) return undefined;
  const ungapped = matches / inside;
  const detail = options.detail ?? false;
  if ((ungapped >= 0.98 && !detail) || matches === inside) {
    const a = finish(refIndex, contig, strand, contigLength, first, lastIn + 1, offset + first, offset + lastIn + 1, matches, inside, n);
    if (detail) {
      const aligned = new Int8Array(n).fill(-1);
      const subjectPos = new Int32Array(n).fill(-1);
      for (let i = first; i <= lastIn; i++) {
        aligned[i] = ref[i]!;
        subjectPos[i] = offset + i;
      }
      a.aligned = aligned;
      a.subjectPos = subjectPos;
      a.insertions = new Map();
    }
    return a;
  }
  // An allele with an indel matches well on one side of it; an allele of another type of the family nowhere. Align only the former.
  if (!detail) {
    let bestQuarter = 0;
    for (let q = 0; q < 4; q++) {
      let m = 0;
      let t = 0;
      for (let i = first + Math.floor((q * inside) / 4); i < first + Math.floor(((q + 1) * inside) / 4) && i < n; i++) {
        const b = window[shift + i]!;
        if (b === 5) continue;
        t++;
        if (b === ref[i]) m++;
      }
      if (t >= 30) bestQuarter = Math.max(bestQuarter, m / t);
    }
    if (bestQuarter < 0.9) return finish(refIndex, contig, strand, contigLength, first, lastIn + 1, offset + first, offset + lastIn + 1, matches, inside, n);
  }
  return bandedLocal(ref, window, shift, contig, refIndex, strand, offset, contigLength, detail);
}

function finish(ref: number, contig: number, strand: 1 | -1, contigLength: number, refFrom: number, refTo: number, sFrom: number, sTo: number, matches: number, columns: number, n: number): Alignment {
  // Strand coordinates back to forward ones.
  const contigFrom = strand === 1 ? sFrom : contigLength - sTo;
  const contigTo = strand === 1 ? sTo : contigLength - sFrom;
  const partial = (refFrom > 0 && sFrom <= 0) || (refTo < n && sTo >= contigLength);
  return { ref, contig, strand, refFrom, refTo, contigFrom, contigTo, matches, columns, identity: matches / columns, coverage: (refTo - refFrom) / n, partial };
}

const MATCH = 1;
const MISMATCH = -2;
const GAP = -3;

/**
 * Smith–Waterman of the reference against the contig within ±BAND of the seeded diagonal (the
 * scores of megablast, with a linear gap): the reference's part that aligns, and its identity.
 * `window[shift + i]` is the contig base the seeded diagonal puts under reference base i.
 */
function bandedLocal(ref: Uint8Array, window: Uint8Array, shift: number, contig: number, refIndex: number, strand: 1 | -1, offset: number, contigLength: number, detail: boolean): Alignment | undefined {
  const n = ref.length;
  const W = 2 * BAND + 1;
  const score = new Int32Array((n + 1) * W);
  const trace = new Uint8Array((n + 1) * W); // 0 stop, 1 diagonal, 2 up (gap in contig), 3 left (gap in reference)
  let best = 0;
  let bi = 0;
  let bd = 0;
  // Cell (i, d): reference prefix i ending against window column shift + i + d - BAND - 1.
  const base0 = shift - BAND - 1;
  for (let i = 1; i <= n; i++) {
    const r = ref[i - 1]!;
    const row = i * W;
    const prev = row - W;
    for (let d = 0; d < W; d++) {
      const b = window[base0 + i + d]!;
      if (b === 5) continue;
      let s = 0;
      let t = 0;
      const diagScore = score[prev + d]! + (b === r && b < 4 ? MATCH : MISMATCH);
      if (diagScore > s) {
        s = diagScore;
        t = 1;
      }
      if (d + 1 < W) {
        const up = score[prev + d + 1]! + GAP;
        if (up > s) {
          s = up;
          t = 2;
        }
      }
      if (d > 0) {
        const left = score[row + d - 1]! + GAP;
        if (left > s) {
          s = left;
          t = 3;
        }
      }
      score[row + d] = s;
      trace[row + d] = t;
      if (s > best) {
        best = s;
        bi = i;
        bd = d;
      }
    }
  }
  if (best === 0) return undefined;
  let i = bi;
  let d = bd;
  let matches = 0;
  let columns = 0;
  const aligned = detail ? new Int8Array(n).fill(-1) : undefined;
  const subjectPos = detail ? new Int32Array(n).fill(-1) : undefined;
  const insertions = detail ? new Map<number, number[]>() : undefined;
  const endJ = offset + bi + bd - BAND - 1;
  for (;;) {
    const t = trace[i * W + d]!;
    if (t === 0) break;
    columns++;
    if (t === 1) {
      const b = window[base0 + i + d]!;
      if (b === ref[i - 1]) matches++;
      if (aligned) aligned[i - 1] = b;
      if (subjectPos) subjectPos[i - 1] = offset + i + d - BAND - 1;
      i--;
    } else if (t === 2) {
      i--;
      d++;
    } else {
      if (insertions) {
        const list = insertions.get(i - 1) ?? [];
        list.unshift(window[base0 + i + d]!);
        insertions.set(i - 1, list);
      }
      d--;
    }
  }
  const startJ = offset + i + d - BAND; // first contig position aligned (reference's strand)
  const a = finish(refIndex, contig, strand, contigLength, i, bi, startJ, endJ + 1, matches, columns, n);
  if (aligned) {
    a.aligned = aligned;
    a.subjectPos = subjectPos;
    a.insertions = insertions;
  }
  return a;
}
