import { CHAR_OF_CODE, TWO_BIT, isExactBase } from './alphabet';
import { KernelMemory } from './wasm/runtime';

/**
 * Scores of the pairwise alignment (those of blastn's `blastn` task: reward 2, penalty −3,
 * gap 5 + 2 per base). A gap of L bases costs `gapOpen + L × gapExtend`.
 * An ambiguity code facing a base it may stand for (N against anything, Y against C or T …)
 * scores `ambiguous` (0): it neither rewards nor penalises the reference.
 */
export interface AlignmentScoring {
  match: number;
  mismatch: number;
  gapOpen: number;
  gapExtend: number;
  ambiguous: number;
}

export const DEFAULT_SCORING: Readonly<AlignmentScoring> = Object.freeze({
  match: 2,
  mismatch: -3,
  gapOpen: 5,
  gapExtend: 2,
  ambiguous: 0,
});

/** Alignment column kinds in a CIGAR entry `(length << 2) | op`. */
export const OP_PAIR = 0; // query base over reference base (identical, compatible or mismatch)
export const OP_INSERTION = 1; // query base over a gap in the reference
export const OP_DELETION = 2; // reference base under a gap in the query

/** Column classes of a base pair. */
export const PAIR_IDENTICAL = 0;
export const PAIR_AMBIGUOUS = 1;
export const PAIR_MISMATCH = 2;

export const PAIR_CLASS = new Uint8Array(256);
for (let q = 1; q < 16; q++) {
  for (let r = 1; r < 16; r++) {
    PAIR_CLASS[(q << 4) | r] = q === r && isExactBase(q) ? PAIR_IDENTICAL : (q & r) !== 0 ? PAIR_AMBIGUOUS : PAIR_MISMATCH;
  }
}

export function pairScores(scoring: AlignmentScoring): Int32Array {
  const table = new Int32Array(256);
  for (let i = 0; i < 256; i++) {
    const cls = PAIR_CLASS[i]!;
    table[i] = cls === PAIR_IDENTICAL ? scoring.match : cls === PAIR_AMBIGUOUS ? scoring.ambiguous : scoring.mismatch;
  }
  return table;
}

const NEG = -0x3fffffff;

/**
 * Growable CIGAR written front to back; consecutive entries of the same op merge. Given the two
 * sequences it also tallies the columns as they are written (see {@link AlignmentStats}), so a
 * search need not walk the alignment again; writers place its cursor with `moveTo` first.
 */
export class CigarBuilder {
  private data = new Uint32Array(64);
  length = 0;
  private q = 0;
  private r = 0;
  identical = 0;
  ambiguous = 0;
  mismatches = 0;
  gaps = 0;
  gapOpens = 0;
  coveredStart = -1;
  coveredEnd = 0;

  constructor(
    private readonly query?: Uint8Array,
    private readonly ref?: Uint8Array,
  ) {}

  moveTo(q: number, r: number): void {
    this.q = q;
    this.r = r;
  }

  private append(op: number, count: number): boolean {
    const last = this.length - 1;
    if (last >= 0 && (this.data[last]! & 3) === op) {
      this.data[last] = this.data[last]! + (count << 2);
      return false;
    }
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = (count << 2) | op;
    return true;
  }

  push(op: number, count: number): void {
    if (count <= 0) return;
    const opened = this.append(op, count);
    // All fields are read and written on every call, whatever the op, so that the optimised code
    // has seen every access (see alignExact).
    const query = this.query;
    const ref = this.ref;
    let q = this.q;
    let r = this.r;
    let identical = this.identical;
    let ambiguous = this.ambiguous;
    let mismatches = this.mismatches;
    let gaps = this.gaps;
    let gapOpens = this.gapOpens;
    let coveredStart = this.coveredStart;
    let coveredEnd = this.coveredEnd;
    if (op === OP_PAIR) {
      if (query !== undefined && ref !== undefined) {
        for (let t = 0; t < count; t++) {
          const cls = PAIR_CLASS[(query[q + t]! << 4) | ref[r + t]!]!;
          if (cls === PAIR_IDENTICAL) identical++;
          else if (cls === PAIR_AMBIGUOUS) ambiguous++;
          else mismatches++;
        }
      }
      if (coveredStart < 0) coveredStart = q;
      q += count;
      r += count;
      coveredEnd = q;
    } else {
      gaps += count;
      if (opened) gapOpens++;
      if (op === OP_INSERTION) q += count;
      else r += count;
    }
    this.q = q;
    this.r = r;
    this.identical = identical;
    this.ambiguous = ambiguous;
    this.mismatches = mismatches;
    this.gaps = gaps;
    this.gapOpens = gapOpens;
    this.coveredStart = coveredStart;
    this.coveredEnd = coveredEnd;
  }

  /** Pairs known to be identical exact bases (word runs): no need to look at them. */
  pushIdentical(count: number): void {
    if (count <= 0) return;
    this.append(OP_PAIR, count);
    this.identical += count;
    if (this.coveredStart < 0) this.coveredStart = this.q;
    this.q += count;
    this.r += count;
    this.coveredEnd = this.q;
  }

  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }

  /** Column counts of what was written (only meaningful when built with the two sequences). */
  stats(scoring: AlignmentScoring): AlignmentStats {
    let columns = 0;
    for (let i = 0; i < this.length; i++) columns += this.data[i]! >>> 2;
    return {
      score:
        this.identical * scoring.match +
        this.ambiguous * scoring.ambiguous +
        this.mismatches * scoring.mismatch -
        this.gapOpens * scoring.gapOpen -
        this.gaps * scoring.gapExtend,
      columns,
      identical: this.identical,
      ambiguous: this.ambiguous,
      mismatches: this.mismatches,
      gaps: this.gaps,
      gapOpens: this.gapOpens,
      queryCoveredStart: Math.max(this.coveredStart, 0),
      queryCoveredEnd: this.coveredEnd,
    };
  }
}

/**
 * Scratch memory reused across alignments of one search, so that a batch of thousands of small
 * dynamic-programming fills does not allocate per call.
 */
export class AlignmentWorkspace {
  h = new Int32Array(256);
  /** Per column: best score of a path ending in a gap in the reference (vertical move) on the previous row. */
  f = new Int32Array(256);
  trace = new Uint8Array(1 << 16);
  reverse = new Uint8Array(1024);
  readonly pairScore: Int32Array;
  readonly gapOpen: number;
  readonly gapExtend: number;
  /** Longest equal-length gap between two runs on one diagonal that is always best aligned without gaps. */
  readonly ungappedLimit: number;

  /** The WebAssembly kernels and their memory, or null to use the JavaScript loops. */
  readonly kernel: KernelMemory | null;

  constructor(
    readonly scoring: AlignmentScoring = DEFAULT_SCORING,
    options: { wasm?: boolean } = {},
  ) {
    this.pairScore = pairScores(scoring);
    this.kernel = options.wasm === false ? null : KernelMemory.create(this.pairScore, TWO_BIT);
    this.gapOpen = scoring.gapOpen;
    this.gapExtend = scoring.gapExtend;
    // Any gapped path through an n × n gap needs two gaps (≥ 2 × (open + extend)) and keeps at most
    // n − 1 pairs; pairing all n bases costs at most n × the worst pair score.
    const worst = Math.min(scoring.mismatch, scoring.ambiguous);
    let limit = 0;
    while (limit < 8 && 2 * (scoring.gapOpen + scoring.gapExtend) >= limit * scoring.match - (limit + 1) * worst) limit++;
    this.ungappedLimit = limit;
  }

  ensure(cols: number, cells: number, path: number): void {
    if (this.h.length < cols) {
      this.h = new Int32Array(cols * 2);
      this.f = new Int32Array(cols * 2);
    }
    if (this.trace.length < cells) this.trace = new Uint8Array(Math.max(cells, this.trace.length * 2));
    if (this.reverse.length < path) this.reverse = new Uint8Array(Math.max(path, this.reverse.length * 2));
  }
}

/**
 * Affine-gap (Gotoh) alignment of query[qs, qe) against ref[rs, re). The query is always aligned
 * end to end. `freeStart` lets the alignment begin anywhere in the reference window (skipped
 * reference bases are not columns), `freeEnd` lets it stop anywhere; with both it is the
 * semi-global alignment MDC reports, with neither a global one.
 *
 * `band` limits the matrix to diagonals within `band` of the straight path between the window's
 * corners (the exact optimum whenever the best path stays inside, which for gaps between word
 * matches of related sequences is nearly always); a negative band fills the whole matrix.
 * Appends the columns to `cigar` and returns the score and the reference interval used.
 */
export function alignExact(
  query: Uint8Array,
  qs: number,
  qe: number,
  ref: Uint8Array,
  rs: number,
  re: number,
  freeStart: boolean,
  freeEnd: boolean,
  ws: AlignmentWorkspace,
  cigar: CigarBuilder,
  band = -1,
): { score: number; refStart: number; refEnd: number } {
  const rows = qe - qs;
  const cols = re - rs;
  // Every property is read up front: a read first reached in a rarely taken branch would lack type
  // feedback and throw the optimised code away when it is finally taken.
  const gapOpen = ws.gapOpen;
  const gapExtend = ws.gapExtend;
  const pairScore = ws.pairScore;
  const ungappedLimit = ws.ungappedLimit;
  if (rows === 0) {
    if (freeStart || freeEnd || cols === 0) return { score: 0, refStart: freeStart ? re : rs, refEnd: freeStart ? re : rs };
    cigar.moveTo(qs, rs);
    cigar.push(OP_DELETION, cols);
    return { score: -(gapOpen + cols * gapExtend), refStart: rs, refEnd: re };
  }
  if (cols === 0) {
    cigar.moveTo(qs, rs);
    cigar.push(OP_INSERTION, rows);
    return { score: -(gapOpen + rows * gapExtend), refStart: rs, refEnd: rs };
  }
  // Between two word runs on one diagonal a few bases apart (isolated substitutions, the common
  // case) pairing the bases is provably best: skip the matrix.
  if (rows === cols && rows <= ungappedLimit && !freeStart && !freeEnd) {
    let score = 0;
    for (let t = 0; t < rows; t++) score += pairScore[(query[qs + t]! << 4) | ref[rs + t]!]!;
    cigar.moveTo(qs, rs);
    cigar.push(OP_PAIR, rows);
    return { score, refStart: rs, refEnd: re };
  }
  // Allowed diagonals d = j - i.
  const corner = cols - rows;
  const dLo = band < 0 ? -rows : Math.max(-rows, Math.min(0, corner) - band);
  const dHi = band < 0 ? cols : Math.min(cols, Math.max(0, corner) + band);
  const width = dHi - dLo + 1;
  const kernel = ws.kernel;
  let h: Int32Array;
  let hBase = 0;
  let trace: Uint8Array;
  let traceBase = 0;
  if (kernel) {
    ws.ensure(0, 0, rows + cols);
    kernel.reserve(0, 0, 0, cols + 2, (rows + 1) * width);
    kernel.loadQuery(query);
    kernel.loadRef(ref);
    const k = kernel.kernels;
    k.initRow(kernel.hPtr, kernel.fPtr, cols, dLo, dHi, freeStart ? 1 : 0, gapOpen, gapExtend);
    k.fillRows(kernel.queryPtr + qs, rows, kernel.refPtr + rs, cols, dLo, dHi, width, kernel.hPtr, kernel.fPtr, kernel.tracePtr, kernel.pairScorePtr, gapOpen, gapExtend);
    h = kernel.i32;
    hBase = kernel.hPtr >> 2;
    trace = kernel.u8;
    traceBase = kernel.tracePtr;
  } else {
    ws.ensure(cols + 2, (rows + 1) * width, rows + cols);
    h = ws.h;
    trace = ws.trace;
    fillMatrix(query, qs, rows, ref, rs, cols, freeStart, dLo, dHi, width, ws);
  }

  const lastLo = Math.max(0, rows + dLo);
  const lastHi = Math.min(cols, rows + dHi);
  let endCol = lastHi;
  if (freeEnd) {
    let best = h[hBase + lastHi]!;
    for (let j = lastLo; j < lastHi; j++) {
      if (h[hBase + j]! > best) {
        best = h[hBase + j]!;
        endCol = j;
      }
    }
  } else if (lastHi !== cols) {
    throw new Error('alignExact: band excludes the end corner');
  }
  const score = h[hBase + endCol]!;

  // Traceback into a reversed op list.
  const path = ws.reverse;
  let n = 0;
  let i = rows;
  let j = endCol;
  let state = 0; // 0 H, 1 E, 2 F
  while (i > 0 && j > 0) {
    const tb = trace[traceBase + i * width - i - dLo + j]!;
    if (state === 0) {
      const src = tb & 3;
      if (src === 0) {
        path[n++] = OP_PAIR;
        i--;
        j--;
      } else state = src;
    } else if (state === 1) {
      path[n++] = OP_DELETION;
      state = tb & 4 ? 1 : 0;
      j--;
    } else {
      path[n++] = OP_INSERTION;
      state = tb & 8 ? 2 : 0;
      i--;
    }
  }
  let startCol = j;
  if (i > 0) {
    while (i-- > 0) path[n++] = OP_INSERTION;
  } else if (j > 0 && !freeStart) {
    while (j-- > 0) path[n++] = OP_DELETION;
    startCol = 0;
  }
  cigar.moveTo(qs, rs + startCol);
  for (let k = n - 1; k >= 0; ) {
    const op = path[k]!;
    let run = 1;
    while (k - run >= 0 && path[k - run] === op) run++;
    cigar.push(op, run);
    k -= run;
  }
  return { score, refStart: rs + startCol, refEnd: rs + endCol };
}

/** Rows 0..rows of the banded Gotoh matrix into ws.h / ws.f / ws.trace (the JavaScript twin of the fillRows kernel). */
function fillMatrix(
  query: Uint8Array,
  qs: number,
  rows: number,
  ref: Uint8Array,
  rs: number,
  cols: number,
  freeStart: boolean,
  dLo: number,
  dHi: number,
  width: number,
  ws: AlignmentWorkspace,
): void {
  const gapOpen = ws.gapOpen;
  const gapExtend = ws.gapExtend;
  const openExtend = gapOpen + gapExtend;
  const pairScore = ws.pairScore;
  const h = ws.h;
  const f = ws.f;
  const trace = ws.trace;
  // Row 0: before the first query base. With a free start any reference prefix is skipped for free.
  for (let j = 0; j <= cols + 1; j++) {
    h[j] = j <= dHi && j >= dLo ? (j === 0 || freeStart ? 0 : -(gapOpen + j * gapExtend)) : NEG;
    f[j] = NEG;
  }
  // Trace byte: bits 0-1 where H came from (0 diagonal, 1 E = gap in query, 2 F = gap in reference),
  // bit 2 E extended an existing gap, bit 3 F extended one.
  for (let i = 1; i <= rows; i++) {
    const qcode = query[qs + i - 1]! << 4;
    const rowBase = i * width - i - dLo;
    let jLo = i + dLo;
    const jHi = Math.min(cols, i + dHi);
    let diag: number;
    let hLeft: number;
    if (jLo <= 0) {
      diag = h[0]!; // H[i-1][0]
      hLeft = -(gapOpen + i * gapExtend); // H[i][0]
      h[0] = hLeft;
      jLo = 1;
    } else {
      diag = h[jLo - 1]!;
      hLeft = NEG;
    }
    let eLeft = NEG; // E[i][j-1]: reference bases under a gap run along the row
    const refBase = rs - 1;
    for (let j = jLo; j <= jHi; j++) {
      const up = h[j]!; // H[i-1][j]
      const fOpen = up - openExtend;
      const fExt = f[j]! - gapExtend;
      let tb = 0;
      let fij: number;
      if (fExt > fOpen) {
        fij = fExt;
        tb = 8;
      } else fij = fOpen;
      const eOpen = hLeft - openExtend;
      const eExt = eLeft - gapExtend;
      let eij: number;
      if (eExt > eOpen) {
        eij = eExt;
        tb |= 4;
      } else eij = eOpen;
      let best = diag + pairScore[qcode | ref[refBase + j]!]!;
      if (fij > best) {
        best = fij;
        tb = (tb & 12) | 2;
      }
      if (eij > best) {
        best = eij;
        tb = (tb & 12) | 1;
      }
      trace[rowBase + j] = tb;
      diag = up;
      h[j] = best;
      f[j] = fij;
      hLeft = best;
      eLeft = eij;
    }
  }
}

/** Counts and score of an alignment, from its CIGAR and the two sequences. */
export interface AlignmentStats {
  score: number;
  /** Alignment columns (pairs + gap columns); reference overhangs beyond the query are not columns. */
  columns: number;
  identical: number;
  /** Columns where an ambiguity code faces a base it may stand for. */
  ambiguous: number;
  mismatches: number;
  /** Gap columns in bases (both sequences). */
  gaps: number;
  gapOpens: number;
  /** First and last query positions (0-based, inclusive-exclusive) facing reference bases. */
  queryCoveredStart: number;
  queryCoveredEnd: number;
}

export function alignmentStats(
  query: Uint8Array,
  ref: Uint8Array,
  refStart: number,
  cigar: Uint32Array,
  scoring: AlignmentScoring = DEFAULT_SCORING,
): AlignmentStats {
  let q = 0;
  let r = refStart;
  let columns = 0;
  let identical = 0;
  let ambiguous = 0;
  let mismatches = 0;
  let gaps = 0;
  let gapOpens = 0;
  let score = 0;
  let coveredStart = -1;
  let coveredEnd = 0;
  for (let k = 0; k < cigar.length; k++) {
    const entry = cigar[k]!;
    const op = entry & 3;
    const len = entry >>> 2;
    columns += len;
    if (op === OP_PAIR) {
      if (coveredStart < 0) coveredStart = q;
      for (let t = 0; t < len; t++) {
        const cls = PAIR_CLASS[(query[q + t]! << 4) | ref[r + t]!]!;
        if (cls === PAIR_IDENTICAL) identical++;
        else if (cls === PAIR_AMBIGUOUS) ambiguous++;
        else mismatches++;
      }
      q += len;
      r += len;
      coveredEnd = q;
    } else {
      gaps += len;
      gapOpens++;
      score -= scoring.gapOpen + len * scoring.gapExtend;
      if (op === OP_INSERTION) q += len;
      else r += len;
    }
  }
  score += identical * scoring.match + ambiguous * scoring.ambiguous + mismatches * scoring.mismatch;
  return {
    score,
    columns,
    identical,
    ambiguous,
    mismatches,
    gaps,
    gapOpens,
    queryCoveredStart: Math.max(coveredStart, 0),
    queryCoveredEnd: coveredEnd,
  };
}

/**
 * The best-scoring stretch of an alignment (the local alignment it contains, scored as the search
 * scores): where the query stops matching its reference. Unalignable ends of a read — vector,
 * primer tails, random bases of a failing Sanger trace — fall outside it, as they fall outside a
 * BLAST HSP. Query positions are 0-based, end exclusive; an alignment without a positive stretch
 * gives an empty one at 0.
 */
export function bestLocalStretch(
  query: Uint8Array,
  ref: Uint8Array,
  refStart: number,
  cigar: Uint32Array,
  scoring: AlignmentScoring = DEFAULT_SCORING,
): { queryStart: number; queryEnd: number; score: number } {
  let q = 0;
  let r = refStart;
  // Kadane's maximum-sum stretch over the columns; a gap run costs its opening on its first column.
  let running = 0;
  let runningStart = 0;
  let best = 0;
  let bestStart = 0;
  let bestEnd = 0;
  for (let k = 0; k < cigar.length; k++) {
    const op = cigar[k]! & 3;
    const len = cigar[k]! >>> 2;
    if (op === OP_PAIR) {
      for (let t = 0; t < len; t++) {
        const cls = PAIR_CLASS[(query[q]! << 4) | ref[r]!]!;
        if (running <= 0) {
          running = 0;
          runningStart = q;
        }
        running += cls === PAIR_IDENTICAL ? scoring.match : cls === PAIR_AMBIGUOUS ? scoring.ambiguous : scoring.mismatch;
        q++;
        r++;
        if (running > best) {
          best = running;
          bestStart = runningStart;
          bestEnd = q;
        }
      }
    } else {
      running -= scoring.gapOpen + len * scoring.gapExtend;
      if (op === OP_INSERTION) q += len;
      else r += len;
    }
  }
  return { queryStart: bestStart, queryEnd: bestEnd, score: best };
}

/** The three printable lines of an alignment. */
export interface AlignmentLines {
  query: string;
  /** `|` identical, `:` ambiguity code compatible with the other base, space for mismatch or gap. */
  match: string;
  reference: string;
}

export function renderAlignment(query: Uint8Array, ref: Uint8Array, refStart: number, cigar: Uint32Array): AlignmentLines {
  const qLine: string[] = [];
  const mLine: string[] = [];
  const rLine: string[] = [];
  let q = 0;
  let r = refStart;
  for (let k = 0; k < cigar.length; k++) {
    const op = cigar[k]! & 3;
    const len = cigar[k]! >>> 2;
    for (let t = 0; t < len; t++) {
      if (op === OP_PAIR) {
        const qc = query[q++]!;
        const rc = ref[r++]!;
        qLine.push(CHAR_OF_CODE[qc]!);
        rLine.push(CHAR_OF_CODE[rc]!);
        const cls = PAIR_CLASS[(qc << 4) | rc]!;
        mLine.push(cls === PAIR_IDENTICAL ? '|' : cls === PAIR_AMBIGUOUS ? ':' : ' ');
      } else if (op === OP_INSERTION) {
        qLine.push(CHAR_OF_CODE[query[q++]!]!);
        rLine.push('-');
        mLine.push(' ');
      } else {
        qLine.push('-');
        rLine.push(CHAR_OF_CODE[ref[r++]!]!);
        mLine.push(' ');
      }
    }
  }
  return { query: qLine.join(''), match: mLine.join(''), reference: rLine.join('') };
}

/** Exact word matches between the query and one reference, merged into maximal runs on a diagonal. */
export class QueryWords {
  readonly k: number;
  /** Open-addressing table: word (-1 empty) and its query position (-1 when repeated); 2^bits slots. */
  readonly keys: Int32Array;
  readonly positions: Int32Array;
  readonly bits: number;

  constructor(
    readonly query: Uint8Array,
    k = 12,
  ) {
    this.k = k;
    let size = 64;
    while (size < query.length * 4) size *= 2;
    this.bits = Math.log2(size);
    this.keys = new Int32Array(size).fill(-1);
    this.positions = new Int32Array(size);
    const mask = k >= 16 ? 0xffffffff : (1 << (2 * k)) - 1;
    let word = 0;
    let valid = 0;
    for (let i = 0; i < query.length; i++) {
      const b = TWO_BIT[query[i]!]!;
      if (b < 0) {
        valid = 0;
        continue;
      }
      word = ((word << 2) | b) & mask;
      if (++valid < k) continue;
      const start = i - k + 1;
      let slot = Math.imul(word, 0x9e3779b1) >>> (32 - this.bits);
      for (;;) {
        const key = this.keys[slot]!;
        if (key === -1) {
          this.keys[slot] = word;
          this.positions[slot] = start;
          break;
        }
        if (key === word) {
          this.positions[slot] = -1; // repeated inside the query: no unique anchor
          break;
        }
        slot = (slot + 1) & (size - 1);
      }
    }
  }

  /** Query position of a word, -1 if absent or repeated. */
  find(word: number): number {
    const size = this.keys.length;
    let slot = Math.imul(word, 0x9e3779b1) >>> (32 - this.bits);
    for (;;) {
      const key = this.keys[slot]!;
      if (key === word) return this.positions[slot]!;
      if (key === -1) return -1;
      slot = (slot + 1) & (size - 1);
    }
  }
}

/** Growable storage of runs (query start, reference start, length). */
class Runs {
  qs = new Int32Array(256);
  rs = new Int32Array(256);
  len = new Int32Array(256);
  score = new Float64Array(256);
  prev = new Int32Array(256);
  count = 0;

  reset(): void {
    this.count = 0;
  }

  add(q: number, r: number, len: number): void {
    if (this.count === this.qs.length) {
      const grow = <T extends Int32Array | Float64Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.qs = grow(this.qs);
      this.rs = grow(this.rs);
      this.len = grow(this.len);
      this.score = grow(this.score);
      this.prev = grow(this.prev);
    }
    this.qs[this.count] = q;
    this.rs[this.count] = r;
    this.len[this.count] = len;
    this.count++;
  }
}

export interface SemiGlobalAlignment {
  score: number;
  refStart: number;
  refEnd: number;
  cigar: Uint32Array;
  stats: AlignmentStats;
}

/** How far the chain of word runs may look back, and what a change of diagonal costs in it. */
const CHAIN_LOOKBACK = 48;
const CHAIN_SHIFT_COST = 0.5;
const CHAIN_SHIFT_OPEN = 2;
/** Extra reference allowed beyond the query's overhang when aligning the ends. */
const END_PAD = 24;
/** Diagonal band of the fills between and around word runs. */
const FILL_BAND = 16;

/**
 * Semi-global alignment of the whole query against ref[rs, re): the query's exact word matches
 * with the reference, extended base by base into maximal runs, are chained into the best colinear
 * set, and everything between and around them is aligned by affine dynamic programming
 * ({@link alignExact}). For the closely related sequences identification is about this equals the
 * full dynamic programming optimum while filling only a small fraction of its matrix.
 */
export class SemiGlobalAligner {
  private readonly runs = new Runs();
  readonly ws: AlignmentWorkspace;

  constructor(scoring: AlignmentScoring = DEFAULT_SCORING, options: { wasm?: boolean } = {}) {
    this.ws = new AlignmentWorkspace(scoring, options);
    this.warmUp();
  }

  /**
   * Runs every branch once on a small synthetic pair (substitutions, ambiguity codes, both kinds of
   * gap, overhangs at both ends, a pair without shared words). The optimising compiler then has
   * type feedback for all of them and does not discard its code the first time a real alignment
   * takes a rarer branch, which otherwise costs more than the first batch of real work.
   */
  private warmUp(): void {
    let seed = 12345;
    const base = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return 1 << (seed >>> 30);
    };
    const ref = new Uint8Array(400);
    for (let i = 0; i < ref.length; i++) ref[i] = base();
    const query: number[] = [];
    for (let i = 0; i < 12; i++) query.push(base()); // overhang before the reference window
    for (let i = 30; i < 380; i++) {
      if (i % 50 === 7) query.push(ref[i] === 1 ? 2 : 1); // substitution
      else if (i % 50 === 23) continue; // deletion
      else if (i % 50 === 36) query.push(ref[i]!, base(), base()); // insertion
      else if (i % 50 === 44) query.push(15); // N
      else query.push(ref[i]!);
    }
    for (let i = 0; i < 15; i++) query.push(query[40 + i]!); // a word repeated inside the query
    const q = Uint8Array.from(query);
    // Growth branches of the scratch and CIGAR buffers.
    this.ws.ensure(this.ws.h.length + 1, this.ws.trace.length + 1, this.ws.reverse.length + 1);
    const cigar = new CigarBuilder(q, ref);
    for (let i = 0; i < 100; i++) {
      cigar.push(OP_PAIR, 1);
      cigar.push(i % 2 ? OP_INSERTION : OP_DELETION, 1);
    }
    cigar.pushIdentical(1);
    cigar.stats(this.ws.scoring);
    this.align(new QueryWords(q, 12), ref);
    this.align(new QueryWords(q, 12), ref.subarray(100, 300));
    this.align(new QueryWords(q.subarray(0, 40), 12), ref.subarray(200, 260));
    this.align(new QueryWords(q.subarray(50, 90), 12), ref.subarray(0, 20), 0, 20, true);
  }

  /**
   * Aligns the query of `words` against ref[rs, re). Without a single shared word the full matrix is
   * filled, unless `requireWord` is set: then null is returned, since a reference sharing no word
   * of 12 bases with a query of several hundred bases is far below any similarity worth reporting.
   */
  align(words: QueryWords, ref: Uint8Array, rs?: number, re?: number): SemiGlobalAlignment;
  align(words: QueryWords, ref: Uint8Array, rs: number, re: number, requireWord: true): SemiGlobalAlignment | null;
  align(words: QueryWords, ref: Uint8Array, rs = 0, re = ref.length, requireWord = false): SemiGlobalAlignment | null {
    const query = words.query;
    const m = query.length;
    const k = words.k;
    const runs = this.runs;
    runs.reset();
    const mask = k >= 16 ? 0xffffffff : (1 << (2 * k)) - 1;
    // Look words up only where no run is being followed: once a word matches, the run is extended
    // by comparing bases, and scanning resumes at the first word holding the base that ended it.
    const kernel = this.ws.kernel;
    if (kernel) {
      kernel.reserve(m, words.keys.length, ref.length, 0, 0);
      kernel.loadQuery(query);
      kernel.loadWordTable(words.keys, words.positions);
      kernel.loadRef(ref);
      const found = kernel.kernels.scanWords(
        kernel.refPtr,
        rs,
        re,
        kernel.queryPtr,
        m,
        k,
        kernel.keysPtr,
        kernel.posPtr,
        words.bits,
        kernel.runsPtr,
        ref.length,
        kernel.twoBitPtr,
      );
      const i32 = kernel.i32;
      for (let r = 0, at = kernel.runsPtr >> 2; r < found; r++, at += 3) runs.add(i32[at]!, i32[at + 1]!, i32[at + 2]!);
    }
    let word = 0;
    let valid = 0;
    let e = kernel ? re : rs;
    while (e < re) {
      const b = TWO_BIT[ref[e]!]!;
      if (b < 0) {
        valid = 0;
        e++;
        continue;
      }
      word = ((word << 2) | b) & mask;
      if (++valid < k) {
        e++;
        continue;
      }
      const i = words.find(word);
      if (i < 0) {
        e++;
        continue;
      }
      let qEnd = i + k;
      let rEnd = e + 1;
      while (qEnd < m && rEnd < re && query[qEnd] === ref[rEnd] && TWO_BIT[query[qEnd]!]! >= 0) {
        qEnd++;
        rEnd++;
      }
      runs.add(i, e - k + 1, qEnd - i);
      e = rEnd - k + 1;
      valid = 0;
      word = 0;
    }

    if (runs.count === 0 && requireWord) return null;
    const cigar = new CigarBuilder(query, ref);
    const scoring = this.ws.scoring;
    if (runs.count === 0) {
      const { score, refStart, refEnd } = alignExact(query, 0, m, ref, rs, re, true, true, this.ws, cigar);
      return { score, refStart, refEnd, cigar: cigar.toArray(), stats: cigar.stats(scoring) };
    }

    // Best colinear chain of runs (sorted by reference start by construction).
    let bestEnd = 0;
    for (let b = 0; b < runs.count; b++) {
      const bq = runs.qs[b]!;
      const br = runs.rs[b]!;
      const bl = runs.len[b]!;
      let best = bl;
      let prev = -1;
      for (let a = Math.max(0, b - CHAIN_LOOKBACK); a < b; a++) {
        const aqe = runs.qs[a]! + runs.len[a]!;
        const are = runs.rs[a]! + runs.len[a]!;
        if (aqe >= bq + bl || are >= br + bl || runs.qs[a]! >= bq) continue;
        const overlap = Math.max(0, aqe - bq, are - br);
        const shift = Math.abs(br - bq - (runs.rs[a]! - runs.qs[a]!));
        const value = runs.score[a]! + bl - overlap - (shift > 0 ? CHAIN_SHIFT_OPEN + CHAIN_SHIFT_COST * shift : 0);
        if (value > best) {
          best = value;
          prev = a;
        }
      }
      runs.score[b] = best;
      runs.prev[b] = prev;
      if (best > runs.score[bestEnd]!) bestEnd = b;
    }
    const chain: number[] = [];
    for (let c = bestEnd; c >= 0; c = runs.prev[c]!) chain.push(c);
    chain.reverse();

    let score = 0;
    const first = chain[0]!;
    const q0 = runs.qs[first]!;
    const r0 = runs.rs[first]!;
    const left = alignExact(query, 0, q0, ref, Math.max(rs, r0 - q0 - END_PAD), r0, true, false, this.ws, cigar, FILL_BAND);
    score += left.score;
    const refStart = q0 === 0 ? r0 : left.refStart;
    let qEnd = q0;
    let rEnd = r0;
    for (const c of chain) {
      const shift = Math.max(0, qEnd - runs.qs[c]!, rEnd - runs.rs[c]!);
      const cq = runs.qs[c]! + shift;
      const cr = runs.rs[c]! + shift;
      const len = runs.len[c]! - shift;
      if (len <= 0) continue;
      if (cq > qEnd || cr > rEnd) score += alignExact(query, qEnd, cq, ref, rEnd, cr, false, false, this.ws, cigar, FILL_BAND).score;
      cigar.moveTo(cq, cr);
      cigar.pushIdentical(len);
      score += len * scoring.match;
      qEnd = cq + len;
      rEnd = cr + len;
    }
    const right = alignExact(query, qEnd, m, ref, rEnd, Math.min(re, rEnd + (m - qEnd) + END_PAD), false, true, this.ws, cigar, FILL_BAND);
    score += right.score;
    const refEnd = qEnd === m ? rEnd : right.refEnd;
    return { score, refStart, refEnd, cigar: cigar.toArray(), stats: cigar.stats(scoring) };
  }
}
