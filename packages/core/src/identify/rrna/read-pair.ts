/**
 * A forward and a reverse Sanger read of one isolate, assembled into one consensus before
 * identification: the reverse read is reverse-complemented, the two are aligned end-gap-free (the
 * reads overlap, one may contain the other), and each column of the overlap takes the better
 * supported call. Outside the overlap each read stands alone, so the consensus spans both reads.
 *
 * This is what Sanger assembly tools (phrap, CAP3, sangeranalyseR) do for a pair; MDC does only
 * the pair, never a contig of many reads.
 */
import { CHAR_OF_CODE, COMPLEMENT, encodeNucleotides, isExactBase } from './alphabet';

export interface SangerRead {
  /** Base calls (IUPAC letters), already quality-trimmed. */
  bases: string;
  /** Phred quality of each base, or null when the trace had none. */
  qualities: ArrayLike<number> | null;
}

export interface ReadPairAssembly {
  /** The consensus, forward orientation (that of the forward read). */
  sequence: string;
  qualities: number[];
  /** Alignment columns where both reads lie (gaps included). */
  overlapLength: number;
  /** Identical columns ÷ overlap columns. */
  identity: number;
  mismatches: number;
  /** Overlap columns where one read has a base and the other a gap. */
  gaps: number;
  /** Columns where the reads disagree and the consensus took one call (or an IUPAC code) by quality. */
  resolved: number;
  /** Bases the forward read and the reverse read add beyond the overlap (the reverse in forward orientation). */
  forwardOnly: number;
  reverseOnly: number;
}

export type ReadPairOutcome = { ok: true; assembly: ReadPairAssembly } | { ok: false; reason: 'no-overlap' | 'too-long'; overlapLength: number; identity: number };

/** Fewest overlap columns and lowest identity that count as the two reads of one amplicon. */
export const MIN_PAIR_OVERLAP = 30;
export const MIN_PAIR_IDENTITY = 0.9;
/** Longest read assembled (a Sanger read is at most ~1,300 bases; the matrix grows with the product). */
export const MAX_PAIR_READ = 3_000;
/** Quality assumed for a read without quality values. */
const UNKNOWN_QUALITY = 20;

const MATCH = 2;
const MISMATCH = -3;
const GAP = -5;

/** Pairs of base codes that are the same exact base. */
function same(a: number, b: number): boolean {
  return a === b && isExactBase(a);
}

/**
 * Assembles a forward read and the reverse read of the same amplicon (the reverse as the
 * sequencer called it; it is reverse-complemented here). Refuses, with the overlap it found, when
 * the reads do not overlap well enough to be one amplicon.
 */
export function assembleReadPair(forward: SangerRead, reverse: SangerRead): ReadPairOutcome {
  const f = encodeNucleotides(forward.bases).codes;
  const rRaw = encodeNucleotides(reverse.bases).codes;
  if (f.length > MAX_PAIR_READ || rRaw.length > MAX_PAIR_READ) return { ok: false, reason: 'too-long', overlapLength: 0, identity: 0 };
  const n = f.length;
  const m = rRaw.length;
  const r = new Uint8Array(m);
  const rq = new Array<number>(m);
  for (let j = 0; j < m; j++) {
    r[j] = COMPLEMENT[rRaw[m - 1 - j]!]!;
    rq[j] = reverse.qualities ? reverse.qualities[m - 1 - j]! : UNKNOWN_QUALITY;
  }
  const fq = Array.from({ length: n }, (_, i) => (forward.qualities ? forward.qualities[i]! : UNKNOWN_QUALITY));

  // Overlap alignment: leading and trailing gaps of either read are free.
  const width = m + 1;
  const score = new Int32Array((n + 1) * width);
  const trace = new Uint8Array((n + 1) * width); // 0 diagonal, 1 forward base over a gap, 2 reverse base over a gap
  for (let i = 1; i <= n; i++) {
    const fi = f[i - 1]!;
    for (let j = 1; j <= m; j++) {
      const diagonal = score[(i - 1) * width + j - 1]! + (same(fi, r[j - 1]!) ? MATCH : (fi & r[j - 1]!) !== 0 ? 0 : MISMATCH);
      const up = score[(i - 1) * width + j]! + GAP;
      const left = score[i * width + j - 1]! + GAP;
      let best = diagonal;
      let from = 0;
      if (up > best) {
        best = up;
        from = 1;
      }
      if (left > best) {
        best = left;
        from = 2;
      }
      score[i * width + j] = best;
      trace[i * width + j] = from;
    }
  }
  let endI = n;
  let endJ = m;
  let best = score[n * width + m]!;
  for (let j = 0; j <= m; j++) if (score[n * width + j]! > best) [best, endI, endJ] = [score[n * width + j]!, n, j];
  for (let i = 0; i <= n; i++) if (score[i * width + m]! > best) [best, endI, endJ] = [score[i * width + m]!, i, m];

  // Columns of the overlap, walked back to where one read begins.
  const columns: [number, number][] = []; // [forward index or -1, reverse index or -1]
  let i = endI;
  let j = endJ;
  while (i > 0 && j > 0) {
    const from = trace[i * width + j]!;
    if (from === 0) columns.push([--i, --j]);
    else if (from === 1) columns.push([--i, -1]);
    else columns.push([-1, --j]);
  }
  columns.reverse();
  const startI = i;
  const startJ = j;

  let identical = 0;
  let mismatches = 0;
  let gaps = 0;
  for (const [a, b] of columns) {
    if (a < 0 || b < 0) gaps++;
    else if (same(f[a]!, r[b]!)) identical++;
    else mismatches++;
  }
  const overlapLength = columns.length;
  const identity = overlapLength ? identical / overlapLength : 0;
  if (overlapLength < MIN_PAIR_OVERLAP || identity < MIN_PAIR_IDENTITY) return { ok: false, reason: 'no-overlap', overlapLength, identity };

  const out: number[] = [];
  const quality: number[] = [];
  const put = (code: number, q: number) => {
    out.push(code);
    quality.push(q);
  };
  // Before the overlap: whichever read starts earlier (the other starts at its first base).
  for (let k = 0; k < startI; k++) put(f[k]!, fq[k]!);
  for (let k = 0; k < startJ; k++) put(r[k]!, rq[k]!);
  let resolved = 0;
  const flank = (q: number[], at: number) => Math.max(q[at - 1] ?? 0, q[at] ?? 0);
  for (const [c, [a, b]] of columns.entries()) {
    if (a >= 0 && b >= 0) {
      const x = f[a]!;
      const y = r[b]!;
      if (same(x, y)) put(x, Math.max(fq[a]!, rq[b]!));
      else {
        resolved++;
        if (fq[a]! > rq[b]!) put(x, fq[a]! - rq[b]!);
        else if (rq[b]! > fq[a]!) put(y, rq[b]! - fq[a]!);
        else put(x | y, 0);
      }
    } else if (a >= 0) {
      // A base facing a gap stays when it is called better than the other read around the gap.
      const next = columns.slice(c).find(([, nb]) => nb >= 0)?.[1] ?? m;
      resolved++;
      if (fq[a]! >= flank(rq, next)) put(f[a]!, fq[a]!);
    } else {
      const next = columns.slice(c).find(([na]) => na >= 0)?.[0] ?? n;
      resolved++;
      if (rq[b]! >= flank(fq, next)) put(r[b]!, rq[b]!);
    }
  }
  // After the overlap: whichever read goes on.
  for (let k = endI; k < n; k++) put(f[k]!, fq[k]!);
  for (let k = endJ; k < m; k++) put(r[k]!, rq[k]!);

  return {
    ok: true,
    assembly: {
      sequence: out.map((code) => CHAR_OF_CODE[code]!).join(''),
      qualities: quality,
      overlapLength,
      identity,
      mismatches,
      gaps,
      resolved,
      forwardOnly: startI + (n - endI),
      reverseOnly: startJ + (m - endJ),
    },
  };
}

export type ReadDirection = 'F' | 'R';

/** The direction a file name gives a read (last letter F or R, as in `S1_F`, `S1-27F`, `(3sm1)_[16SR]`), or null. */
export function readDirection(name: string): { direction: ReadDirection; key: string } | null {
  const stem = name.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const match = /^(.*?)([FfRr])([\])}\s]*)$/.exec(stem);
  if (!match) return null;
  const before = match[1]!;
  // `…_F`, `…-R`, `…27F`, `…16SR`: a separator, a digit, or a primer's own letters before it.
  if (before.length > 0 && /[a-z]$/.test(before)) return null;
  return { direction: match[2]!.toUpperCase() as ReadDirection, key: before + match[3]! };
}

/** Parts of a name that say the run or well (plate positions, run numbers), not the isolate. */
function isolateKey(key: string): string {
  return key
    .split(/[_\-.\s()[\]{}]+/)
    .filter((t) => t.length > 0 && !/^\d{1,4}$/.test(t))
    .join('_');
}

export interface ReadPairing {
  /** Indexes of the forward and reverse read of each isolate, and the isolate's name. */
  pairs: { forward: number; reverse: number; isolate: string }[];
  /** Reads without a partner. */
  singles: number[];
}

/**
 * Pairs reads by their file names: a forward and a reverse read whose names are the same but for
 * the direction letter (`S1_F`/`S1_R`), or — failing that — the same once run and well numbers
 * are set aside (`0001_…_(3sm1)_[16SF]`/`0002_…_(3sm1)_[16SR]`). A name that could pair with
 * several others pairs with none.
 */
export function pairReadsByName(names: readonly string[]): ReadPairing {
  const parsed = names.map(readDirection);
  const taken = new Set<number>();
  const pairs: ReadPairing['pairs'] = [];
  for (const keyOf of [(k: string) => k, isolateKey]) {
    const groups = new Map<string, { F: number[]; R: number[] }>();
    parsed.forEach((p, index) => {
      if (!p || taken.has(index)) return;
      const key = keyOf(p.key).toLowerCase();
      if (!key) return;
      const group = groups.get(key) ?? { F: [], R: [] };
      group[p.direction].push(index);
      groups.set(key, group);
    });
    for (const group of groups.values()) {
      if (group.F.length !== 1 || group.R.length !== 1) continue;
      const [forward, reverse] = [group.F[0]!, group.R[0]!];
      taken.add(forward).add(reverse);
      pairs.push({ forward, reverse, isolate: isolateKey(parsed[forward]!.key) || parsed[forward]!.key });
    }
  }
  pairs.sort((a, b) => a.forward - b.forward);
  return { pairs, singles: names.map((_, i) => i).filter((i) => !taken.has(i)) };
}
