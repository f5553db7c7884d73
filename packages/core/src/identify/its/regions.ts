import { encodeNucleotides, forEachWord, reverseComplement } from '../rrna/alphabet';
import { localAlignKernel } from './local-align-kernel';

/**
 * Where the ITS1 and ITS2 parts of a query lie. An ITS1/ITS4 amplicon reads
 * 18S end · ITS1 · 5.8S · ITS2 · 28S start; the 5.8S gene (~155 nt) is conserved across the fungi,
 * so it is the anchor: what lies before it is ITS1, what lies after it ITS2. ITSx (Bengtsson-Palme
 * et al. 2013, Methods Ecol Evol 4:914–919) finds the same boundaries with HMMs of the conserved
 * ends of SSU, 5.8S and LSU; MDC uses a local alignment against a few 5.8S sequences and two short
 * conserved motifs for the 18S and 28S ends, which is enough to cut a query for a region search.
 */

/**
 * 5.8S genes of the classes that make up most clinical and environmental fungi: each the most
 * common 5.8S (from its first base, `AACTTTCAACAACGG…`, to the base before ITS2) among the records of
 * that group in the shared ITS_full_reference.fasta.gz (IF+UNITE+INSDC 2024, regions cut by ITSx):
 * the 5.8S of a full record is the stretch between `ACTTT` before the conserved
 * `GCATCGATGAAGAACGCAGC` (the ITS3 primer site) and the ITS2 start 145–160 bases on.
 */
export const CONSENSUS_58S: readonly { group: string; sequence: string }[] = Object.freeze([
  { group: 'Sordariomycetes', sequence: 'AACTTTCAACAACGGATCTCTTGGCTCTGGCATCGATGAAGAACGCAGCGAAATGCGATAAGTAATGCGAATTGCAGAATTCAGTGAATCATCGAATCTTTGAACGCACATTGCGCCCGCTAGTATTCTGGCGGGCATGCCTGTCTGAGCGTCAT' },
  { group: 'Eurotiomycetes', sequence: 'AACTTTCAACAACGGATCTCTTGGTTCCGGCATCGATGAAGAACGCAGCGAAATGCGATAAGTAATGTGAATTGCAGAATTCCGTGAATCATCGAATCTTTGAACGCACATTGCGCCCCCTGGCATTCCGGGGGGCATGCCTGTTCGAGCGTCAT' },
  { group: 'Saccharomycetes', sequence: 'AACTTTCAACAACGGATCTCTTGGTTCTCGCATCGATGAAGAACGCAGCGAAATGCGATAAGTAATATGAATTGCAGATTTTCGTGAATCATCGAATCTTTGAACGCACATTGCGCCCTTTGGTATTCCAAAGGGCATGCCTGTTTGAGCGTCAT' },
  { group: 'Agaricomycetes', sequence: 'AACTTTCAGCAACGGATCTCTTGGCTCTCGCATCGATGAAGAACGCAGCGAAATGCGATAAGTAATGTGAATTGCAGAATTCAGTGAATCATCGAATCTTTGAACGCACCTTGCGCTCCTTGGTATTCCGAGGAGCATGCCTGTTTGAGTGTCAT' },
  { group: 'Tremellomycetes', sequence: 'AACTTTCAACAACGGATCTCTTGGCTCTCGCATCGATGAAGAACGCAGCGAAATGCGATAAGTAATGTGAATTGCAGAATTCAGTGAATCATCGAATCTTTGAACGCACCTTGCGCCTCTTGGTATTCCGAGAGGCATGCCTGTTTGAGTGTCAT' },
  { group: 'Mucoromycota', sequence: 'AACTTTCAACAACGGATCTCTTGGCTCTCGCATCGATGAAGAACGCAGCGAAATGCGATACGTAATGTGAATTGCAGAATTCAGTGAATCATCGAATCTTTGAACGCATATTGCGCTCTTTGGTATTCCGAAGAGCATGCTTGTTTGAGTATCA' },
]);

/**
 * The 18S (SSU) end: ITS1 starts after `…GGAAGGATCATTA` (the ITS1 and ITS5 primers sit just before
 * it); the 28S (LSU) start: ITS2 ends before `GACCTCAAATCAGG` (`GACCTCGGATCAGG` in some groups),
 * upstream of the ITS4 primer site. Both as ITSx's SSU/LSU models place the region boundaries.
 */
const SSU_END = 'AAGGATCATTA';
const LSU_START = 'GACCTCAAATCAGG';

/** A stretch of the query, 0-based, end exclusive, in the orientation the query was submitted in. */
export interface QueryStretch {
  start: number;
  end: number;
}

export interface ItsRegions {
  /** The query's orientation relative to the references (`-`: reverse-complemented). */
  strand: '+' | '-';
  /** The 5.8S found (partly, at an end of the query, when `partial58S`). */
  fiveEightS: QueryStretch | null;
  /** The 5.8S was cut by an end of the query. */
  partial58S: boolean;
  /** The 5.8S reference that aligned best, and the identity of that alignment (percent). */
  match58S: { group: string; identity: number; aligned: number } | null;
  its1: QueryStretch | null;
  its2: QueryStretch | null;
  /** 18S bases cut off before ITS1 and 28S bases after ITS2. */
  ssuEnd: QueryStretch | null;
  lsuStart: QueryStretch | null;
}

interface LocalHit {
  score: number;
  queryStart: number;
  queryEnd: number;
  refStart: number;
  refEnd: number;
  identical: number;
  columns: number;
}

const MATCH = 2;
const MISMATCH = -3;
const GAP = -5;

let matrix = new Int32Array(0);

let useKernel = true;

/** Locates with the WebAssembly fill (the default, where available) or the JavaScript one (tests compare the two). */
export function setLocalAlignKernel(use: boolean): void {
  useKernel = use;
}

/** A filled Smith–Waterman matrix, (query + 1) × (reference + 1), and its best cell. */
interface FilledMatrix {
  h: Int32Array;
  best: number;
  bi: number;
  bj: number;
}

/** The matrix filled by the kernel (a view on the kernel's memory). */
function kernelFill(query: Uint8Array, ref: Uint8Array): FilledMatrix | null {
  const kernel = useKernel ? localAlignKernel() : null;
  if (!kernel) return null;
  const n = query.length;
  const m = ref.length;
  const qPtr = 64;
  const rPtr = (qPtr + n + 63) & ~63;
  const hPtr = (rPtr + m + 63) & ~63;
  const needed = hPtr + 4 * (n + 1) * (m + 1);
  if (kernel.memory.buffer.byteLength < needed) kernel.memory.grow(Math.ceil((needed - kernel.memory.buffer.byteLength) / 65536));
  const bytes = new Uint8Array(kernel.memory.buffer);
  bytes.set(query, qPtr);
  bytes.set(ref, rPtr);
  const best = kernel.fill(qPtr, n, rPtr, m, hPtr, MATCH, MISMATCH, GAP, 0);
  const out = new Int32Array(kernel.memory.buffer, 0, 2);
  return { h: new Int32Array(kernel.memory.buffer, hPtr, (n + 1) * (m + 1)), best, bi: out[0]!, bj: out[1]! };
}

/**
 * Smith–Waterman (linear gaps) of a short reference against the query, with a traceback. The
 * references here are ~155 bases and queries at most a few thousand, so the full matrix is small.
 */
function localAlign(query: Uint8Array, ref: Uint8Array): LocalHit | null {
  const width = ref.length + 1;
  const { h, best, bi, bj } = kernelFill(query, ref) ?? jsFill(query, ref);
  if (best === 0) return null;
  let i = bi;
  let j = bj;
  let identical = 0;
  let columns = 0;
  while (i > 0 && j > 0 && h[i * width + j]! > 0) {
    const v = h[i * width + j]!;
    const match = (query[i - 1]! & ref[j - 1]!) !== 0;
    if (v === h[(i - 1) * width + j - 1]! + (match ? MATCH : MISMATCH)) {
      if (match) identical++;
      i--;
      j--;
    } else if (v === h[(i - 1) * width + j]! + GAP) i--;
    else j--;
    columns++;
  }
  return { score: best, queryStart: i, queryEnd: bi, refStart: j, refEnd: bj, identical, columns };
}

/** The matrix filled in JavaScript (the kernel's reference and fallback). */
function jsFill(query: Uint8Array, ref: Uint8Array): FilledMatrix {
  const n = query.length;
  const m = ref.length;
  const width = m + 1;
  // One matrix reused by every call (a fresh one of a few hundred kilobytes per read was memory
  // the system had to map and zero each time): its first row and column are cleared, the rest
  // is written before it is read.
  if (matrix.length < (n + 1) * width) matrix = new Int32Array(Math.max((n + 1) * width, 2 * matrix.length));
  const h = matrix;
  h.fill(0, 0, width);
  let best = 0;
  let bi = 0;
  let bj = 0;
  for (let i = 1; i <= n; i++) {
    const q = query[i - 1]!;
    const row = i * width;
    const up = row - width;
    h[row] = 0;
    for (let j = 1; j <= m; j++) {
      const diag = h[up + j - 1]! + ((q & ref[j - 1]!) !== 0 ? MATCH : MISMATCH);
      let v = diag > 0 ? diag : 0;
      const del = h[up + j]! + GAP;
      if (del > v) v = del;
      const ins = h[row + j - 1]! + GAP;
      if (ins > v) v = ins;
      h[row + j] = v;
      if (v > best) {
        best = v;
        bi = i;
        bj = j;
      }
    }
  }
  return { h, best, bi, bj };
}

/** Fewest mismatches of `motif` in `codes[from, to)`; the first best position, or -1 above `maxMismatches`. */
function findMotif(codes: Uint8Array, motif: Uint8Array, from: number, to: number, maxMismatches: number): number {
  let bestAt = -1;
  let best = maxMismatches + 1;
  for (let p = Math.max(0, from); p + motif.length <= Math.min(to, codes.length); p++) {
    let mm = 0;
    for (let k = 0; k < motif.length && mm < best; k++) if ((codes[p + k]! & motif[k]!) === 0) mm++;
    if (mm < best) {
      best = mm;
      bestAt = p;
    }
  }
  return bestAt;
}

const encoded58S = CONSENSUS_58S.map((c) => ({ group: c.group, codes: encodeNucleotides(c.sequence).codes }));
const ssuEnd = encodeNucleotides(SSU_END).codes;
const lsuStart = encodeNucleotides(LSU_START).codes;

/** Exact words of the 5.8S references that anchor the alignment, and how far around them it looks. */
const SEED_WORD = 10;
const SEED_WINDOW = 180;
const seedIndex = new Map<number, Set<number>>();
encoded58S.forEach((ref, r) => forEachWord(ref.codes, SEED_WORD, (word) => {
  let refs = seedIndex.get(word);
  if (!refs) seedIndex.set(word, (refs = new Set()));
  refs.add(r);
}));

/** Where a read shares exact words with the 5.8S references, and the references sharing the most (at most two). */
function seedHits(codes: Uint8Array): { first: number; last: number; references: number[] } | null {
  const counts = new Array<number>(encoded58S.length).fill(0);
  let first = -1;
  let last = -1;
  forEachWord(codes, SEED_WORD, (word, end) => {
    const refs = seedIndex.get(word);
    if (!refs) return;
    if (first < 0) first = end - SEED_WORD;
    last = end - SEED_WORD;
    for (const r of refs) counts[r]!++;
  });
  if (first < 0) return null;
  const order = counts.map((c, r) => [c, r] as const).filter(([c]) => c > 0).sort((a, b) => b[0] - a[0]);
  return { first, last, references: order.slice(0, 2).map(([, r]) => r) };
}

/** Shortest 5.8S piece at an end of a query accepted as the 5.8S (a dozen bases with at most one mismatch). */
const MIN_PARTIAL_58S = 12;
/** Share of a 5.8S reference that must align, and the identity needed, to call the whole 5.8S found. */
const MIN_58S_SHARE = 0.6;
const MIN_58S_IDENTITY = 75;
/** How far into ITS1 / ITS2 the 18S and 28S motifs are looked for. */
const SSU_WINDOW = 120;

/**
 * Finds the 5.8S in a query (either strand) and from it the ITS1 and ITS2 parts. Without a 5.8S
 * (an ITS1-only or ITS2-only read) both parts are null and the caller searches the whole query.
 */
export function locateItsRegions(sequence: string): ItsRegions {
  const { codes: forward } = encodeNucleotides(sequence);
  const reverse = reverseComplement(forward);
  const n = forward.length;
  let best: { hit: LocalHit; group: string; refLength: number; minus: boolean } | null = null;
  // Exact 5.8S words first: a read without any is no place to align (most spacer-only reads), and
  // where they are says which strand, which 5.8S and which stretch of the read to align.
  for (const [minus, codes] of [
    [false, forward],
    [true, reverse],
  ] as const) {
    const seeds = seedHits(codes);
    if (!seeds) continue;
    const from = Math.max(0, seeds.first - SEED_WINDOW);
    const to = Math.min(n, seeds.last + SEED_WORD + SEED_WINDOW);
    for (const r of seeds.references) {
      const ref = encoded58S[r]!;
      const local = localAlign(codes.subarray(from, to), ref.codes);
      if (!local) continue;
      const hit = { ...local, queryStart: local.queryStart + from, queryEnd: local.queryEnd + from };
      if (!best || hit.score > best.hit.score) best = { hit, group: ref.group, refLength: ref.codes.length, minus };
    }
  }
  const none: ItsRegions = { strand: '+', fiveEightS: null, partial58S: false, match58S: null, its1: null, its2: null, ssuEnd: null, lsuStart: null };
  if (!best) return none;
  const { hit, refLength, minus } = best;
  const aligned = hit.refEnd - hit.refStart;
  const identity = (100 * hit.identical) / hit.columns;
  const whole = aligned >= MIN_58S_SHARE * refLength && identity >= MIN_58S_IDENTITY;
  // A piece of the 5.8S where the read starts (its 3' end, ITS2 follows) or ends (its 5' end, ITS1 precedes).
  const atStart = hit.queryStart <= 2 && refLength - hit.refEnd <= 2;
  const atEnd = n - hit.queryEnd <= 2 && hit.refStart <= 2;
  const partial = !whole && (atStart || atEnd) && aligned >= MIN_PARTIAL_58S && (hit.columns - hit.identical <= 1 || (aligned >= 30 && identity >= MIN_58S_IDENTITY));
  if (!whole && !partial) return none;
  const codes = minus ? reverse : forward;
  // The 5.8S ends are where the reference's ends fall, the unaligned reference ends included.
  const s58 = Math.max(0, hit.queryStart - hit.refStart);
  const e58 = Math.min(n, hit.queryEnd + (refLength - hit.refEnd));
  let its1: QueryStretch | null = s58 > 0 ? { start: 0, end: s58 } : null;
  let its2: QueryStretch | null = e58 < n ? { start: e58, end: n } : null;
  let ssu: QueryStretch | null = null;
  let lsu: QueryStretch | null = null;
  if (its1) {
    const at = findMotif(codes, ssuEnd, 0, Math.min(its1.end, SSU_WINDOW), 1);
    if (at >= 0 && at + ssuEnd.length < its1.end) {
      ssu = { start: 0, end: at + ssuEnd.length };
      its1 = { start: ssu.end, end: its1.end };
    }
  }
  if (its2) {
    const at = findMotif(codes, lsuStart, its2.start + 40, n, 2);
    if (at >= 0) {
      lsu = { start: at, end: n };
      its2 = { start: its2.start, end: at };
    }
  }
  // Positions so far are on the oriented query; report them on the query as submitted.
  const submitted = (s: QueryStretch | null): QueryStretch | null => (s && minus ? { start: n - s.end, end: n - s.start } : s);
  return {
    strand: minus ? '-' : '+',
    fiveEightS: submitted({ start: s58, end: e58 }),
    partial58S: !whole,
    match58S: { group: best.group, identity, aligned },
    its1: submitted(its1),
    its2: submitted(its2),
    ssuEnd: submitted(ssu),
    lsuStart: submitted(lsu),
  };
}
