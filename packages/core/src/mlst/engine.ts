/**
 * Multi-locus sequence typing of an assembly, with the calls and conventions of the `mlst` tool
 * (Seemann, github:tseemann/mlst), which users of PubMLST schemes know:
 *   `N`    an exact, full-length copy of allele N;
 *   `~N`   a full-length novel allele, at least 95 % identical to N (its closest);
 *   `N?`   a partial match (at least 50 % of N's length and 95 % identity: a contig edge, an indel);
 *   `-`    the locus not found;
 *   `N,M`  more than one exact copy (a duplicated locus or a mixture).
 * The ST comes from the scheme's profiles when every locus has one exact allele; exact alleles in a
 * combination no profile has are a novel profile (ST `-`, said so in the status).
 *
 * `mlst` aligns every allele with BLAST (ungapped, both strands). Here exact alleles are found by
 * hashing: every allele's first 16 bases anchor it, so one pass over each strand finds where an
 * allele can start, and a table keyed by the whole allele sequence says which (if any) starts
 * there. Only the loci left without an exact allele are searched for novel and partial ones —
 * k-mer votes locate the locus, then every allele is scored ungapped on that diagonal, as BLAST's
 * ungapped search would score it.
 */

const K = 16;
/** Filter of 2^22 bits (512 kB, within a core's cache): a k-mer whose bit is clear is in no table. */
const MASK_BITS = 22;
/** `mlst`'s defaults: `--minid 95`, `--mincov 50`. */
export const MLST_MIN_IDENTITY = 0.95;
export const MLST_MIN_COVERAGE = 0.5;
/** Schemes `mlst` leaves out of its automatic choice unless named (`--exclude` default): the alternative scheme of a species whose usual one is kept. */
export const MLST_DEFAULT_EXCLUDED: readonly string[] = ['ecoli', 'abaumannii', 'vcholerae_2', 'senterica_achtman_2'];

export interface MlstAllele {
  number: string;
  sequence: string;
}

export interface MlstProfile {
  st: string;
  alleles: string[];
  extra: Record<string, string>;
}

export interface MlstScheme {
  name: string;
  loci: string[];
  alleles: MlstAllele[][];
  profiles: MlstProfile[];
}

/** What the typing reads of an assembly: base codes 0–3 (A C G T), 4 for N; contigs laid end to end. */
export interface MlstGenome {
  codes: Uint8Array;
  contigs: readonly { name: string; start: number; length: number }[];
}

export type MlstCallKind = 'exact' | 'novel' | 'partial' | 'missing' | 'multiple';

export interface MlstHit {
  allele: string;
  contig: string;
  /** 1-based, inclusive, on the contig's forward strand. */
  start: number;
  end: number;
  strand: '+' | '-';
  /** Identical bases over the aligned length. */
  identity: number;
  /** Identical bases over the allele's length (as `mlst` measures coverage). */
  coverage: number;
}

export interface MlstLocusCall {
  locus: string;
  /** As `mlst` prints it: `3`, `~3`, `3?`, `-`, `3,5`. */
  call: string;
  kind: MlstCallKind;
  hits: MlstHit[];
}

/** `mlst`'s status words: PERFECT (a known ST), NOVEL (exact alleles, no ST has them), MIXED (a locus in several copies), MISSING, BAD, OK, NONE. */
export type MlstStatus = 'PERFECT' | 'NOVEL' | 'MIXED' | 'MISSING' | 'BAD' | 'OK' | 'NONE';

export interface MlstResult {
  scheme: string;
  /** The ST, or `-` when no profile has the alleles found. */
  st: string;
  status: MlstStatus;
  /** `mlst`'s score out of 100: 90 shared by the loci (novel 70 %, partial 50 %, missing nothing of a locus's share), 10 for an ST. */
  score: number;
  loci: MlstLocusCall[];
  /** The profile's other columns (clonal_complex, species, Lineage …) when an ST was found. */
  extra: Record<string, string>;
  /** Profiles of the scheme differing from the one found at a single locus (0 without an ST). */
  neighbours: number;
}

interface AlleleRef {
  scheme: number;
  locus: number;
  allele: number;
}

interface PreparedScheme {
  scheme: MlstScheme;
  profiles: Map<string, MlstProfile>;
  /** Built on first need: k-mers of the alleles for locating loci without an exact allele. */
  locator?: Locator;
}

interface Locator {
  /** k-mer → locus × 65,536 + offset of the k-mer in the first allele seen with it. */
  kmers: Map<number, number>;
  filter: Int32Array;
}

const CODE = new Uint8Array(256).fill(4);
for (const [c, v] of [['A', 0], ['C', 1], ['G', 2], ['T', 3], ['a', 0], ['c', 1], ['g', 2], ['t', 3]] as const) CODE[c.charCodeAt(0)] = v;
const LETTER = 'ACGTN';

const slot = (key: number) => Math.imul(key, 0x9e3779b1) >>> (32 - MASK_BITS);
const newFilter = () => new Int32Array(1 << (MASK_BITS - 5));
function mark(filter: Int32Array, key: number): void {
  const b = slot(key);
  filter[b >>> 5]! |= 1 << (b & 31);
}

/** The 16-mer at the start of a sequence, or -1 when it holds anything but A/C/G/T. */
function firstKmer(sequence: string): number {
  if (sequence.length < K) return -1;
  let key = 0;
  for (let i = 0; i < K; i++) {
    const c = CODE[sequence.charCodeAt(i)]!;
    if (c > 3) return -1;
    key = ((key << 2) | c) >>> 0;
  }
  return key;
}

/** The genome as two strings (forward, reverse complement), for slicing candidate alleles out of. */
interface GenomeStrands {
  forward: string;
  reverse: string;
  reverseCodes: Uint8Array;
  length: number;
  contigStarts: number[];
}

const LETTER_CODE = new Uint8Array([65, 67, 71, 84, 78]);
const COMPLEMENT = new Uint8Array([3, 2, 1, 0, 4]);

function strands(genome: MlstGenome): GenomeStrands {
  const codes = genome.codes;
  const n = codes.length;
  const letters = new Uint8Array(n);
  const reverseLetters = new Uint8Array(n);
  const reverseCodes = new Uint8Array(n);
  for (let i = 0, j = n - 1; i < n; i++, j--) {
    const c = codes[i]!;
    const rc = COMPLEMENT[c]!;
    letters[i] = LETTER_CODE[c]!;
    reverseCodes[j] = rc;
    reverseLetters[j] = LETTER_CODE[rc]!;
  }
  const decoder = new TextDecoder('latin1');
  return { forward: decoder.decode(letters), reverse: decoder.decode(reverseLetters), reverseCodes, length: n, contigStarts: genome.contigs.map((c) => c.start) };
}

/** Index of the contig holding position `p` of the forward strand. */
function contigAt(starts: readonly number[], p: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Every 16-mer of both strands whose filter slot is set: `visit(position, minus, key)` with the
 * position of its first base on its own strand (the reverse strand counted from the genome's
 * end). Windows never span a contig boundary or an N. One pass reads both strands: the reverse
 * complement's key is rolled beside the forward one.
 */
function scanKmers(genome: MlstGenome, filter: Int32Array, visit: (position: number, minus: boolean, key: number) => void): void {
  const codes = genome.codes;
  const n = codes.length;
  const shift = 32 - MASK_BITS;
  for (const contig of genome.contigs) {
    let fwd = 0;
    let rev = 0;
    let valid = 0;
    const end = contig.start + contig.length;
    for (let i = contig.start; i < end; i++) {
      const c = codes[i]!;
      if (c > 3) {
        valid = 0;
        continue;
      }
      fwd = ((fwd << 2) | c) >>> 0;
      rev = ((rev >>> 2) | ((3 - c) << 30)) >>> 0;
      if (++valid < K) continue;
      const f = Math.imul(fwd, 0x9e3779b1) >>> shift;
      if (filter[f >>> 5]! & (1 << (f & 31))) visit(i - K + 1, false, fwd);
      const r = Math.imul(rev, 0x9e3779b1) >>> shift;
      if (filter[r >>> 5]! & (1 << (r & 31))) visit(n - 1 - i, true, rev);
    }
  }
}

/**
 * Typing against a set of schemes (one, or all of them for automatic choice). Build it once per
 * set and reuse it for many genomes: the tables of exact alleles are built here, the locators of
 * novel alleles on first need.
 */
export class MlstTyper {
  private readonly prepared: PreparedScheme[];
  private readonly byName = new Map<string, number>();
  /** Whole allele sequence → the alleles that have it (the same sequence can serve two schemes). */
  private readonly exact = new Map<string, AlleleRef[]>();
  /** First 16-mer of an allele → the lengths of the alleles starting with it. */
  private readonly anchors = new Map<number, number[]>();
  private readonly anchorFilter = newFilter();

  constructor(schemes: readonly MlstScheme[]) {
    this.prepared = schemes.map((scheme, s) => {
      this.byName.set(scheme.name, s);
      const profiles = new Map<string, MlstProfile>();
      // A profile's 0 is a locus PubMLST records as absent: it matches a locus not found.
      for (const p of scheme.profiles) profiles.set(p.alleles.map((a) => (a === '0' ? '-' : a)).join('/'), p);
      scheme.alleles.forEach((alleles, locus) =>
        alleles.forEach((a, allele) => {
          const key = firstKmer(a.sequence);
          if (key < 0) return;
          const refs = this.exact.get(a.sequence);
          if (refs) refs.push({ scheme: s, locus, allele });
          else this.exact.set(a.sequence, [{ scheme: s, locus, allele }]);
          const lengths = this.anchors.get(key);
          if (!lengths) {
            this.anchors.set(key, [a.sequence.length]);
            mark(this.anchorFilter, key);
          } else if (!lengths.includes(a.sequence.length)) lengths.push(a.sequence.length);
        }),
      );
      return { scheme, profiles };
    });
  }

  get schemes(): string[] {
    return this.prepared.map((p) => p.scheme.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * Types a genome. With `schemes`, only those are considered (one named scheme, or those of the
   * identified species); without, every scheme but `exclude` (default: `mlst`'s). The scheme
   * with the best `mlst` score wins; on a tie, the one with more exact alleles, then the name.
   * Undefined when no scheme has a single allele in the genome.
   */
  type(genome: MlstGenome, options: { schemes?: readonly string[]; exclude?: readonly string[] } = {}): { best: MlstResult | undefined; candidates: MlstResult[] } {
    const allowed = new Set<number>();
    if (options.schemes) {
      for (const name of options.schemes) {
        const s = this.byName.get(name);
        if (s === undefined) throw new Error(`unknown MLST scheme ${name}`);
        allowed.add(s);
      }
    } else {
      const exclude = new Set(options.exclude ?? MLST_DEFAULT_EXCLUDED);
      this.prepared.forEach((p, s) => exclude.has(p.scheme.name) || allowed.add(s));
    }
    const g = strands(genome);
    const exactHits = this.exactHits(genome, g, allowed);
    // Schemes worth a full call: every allowed one when few are asked; otherwise those with exact alleles, the most first.
    let consider = [...allowed];
    if (!options.schemes) {
      const counts = new Map<number, number>();
      for (const h of exactHits) counts.set(h.ref.scheme, (counts.get(h.ref.scheme) ?? 0) + 1);
      consider = [...counts.keys()].sort((a, b) => counts.get(b)! - counts.get(a)! || a - b).slice(0, 5);
    }
    // Exact alleles first (cheap); novel and partial ones only for a scheme that could still win:
    // loci without an exact allele score at most a novel allele's share and leave no ST.
    const staged = consider.map((s) => this.exactCalls(s, exactHits.filter((h) => h.ref.scheme === s)));
    const candidates: MlstResult[] = [];
    let bestScore = -1;
    for (const stage of staged.filter((st) => st.open.length === 0)) {
      const result = mlstOutcome(stage.prepared.scheme.name, stage.calls as MlstLocusCall[], stage.prepared.profiles);
      candidates.push(result);
      bestScore = Math.max(bestScore, result.score);
    }
    for (const stage of staged.filter((st) => st.open.length > 0)) {
      const n = stage.calls.length;
      const bound = Math.floor(((n - 0.3 * stage.open.length) * 90) / n);
      if (!options.schemes && bound < bestScore) continue;
      const inexact = this.inexact(stage.prepared, stage.open, genome, g);
      const result = mlstOutcome(stage.prepared.scheme.name, stage.calls.map((c, l) => c ?? inexact.get(l)!), stage.prepared.profiles);
      candidates.push(result);
      bestScore = Math.max(bestScore, result.score);
    }
    const exactCount = (r: MlstResult) => r.loci.filter((l) => l.kind === 'exact' || l.kind === 'multiple').length;
    const found = candidates.filter((r) => r.status !== 'NONE' || options.schemes);
    // Equal scores (a Klebsiella genome is a PERFECT ST of E. coli's Achtman scheme too, whose
    // database holds Klebsiella alleles): the ST with the larger population of single-locus
    // variants in its own scheme is the scheme made for the organism.
    found.sort((a, b) => b.score - a.score || b.neighbours - a.neighbours || exactCount(b) - exactCount(a) || a.scheme.localeCompare(b.scheme));
    return { best: found[0], candidates: found };
  }

  private exactHits(genome: MlstGenome, g: GenomeStrands, allowed: Set<number>): { ref: AlleleRef; hit: MlstHit }[] {
    const out: { ref: AlleleRef; hit: MlstHit }[] = [];
    const n = g.length;
    scanKmers(genome, this.anchorFilter, (p, minus, key) => {
      const lengths = this.anchors.get(key);
      if (!lengths) return;
      const text = minus ? g.reverse : g.forward;
      for (const length of lengths) {
        const end = p + length;
        if (end > n) continue;
        const refs = this.exact.get(text.slice(p, end));
        if (!refs) continue;
        // Forward coordinates of the copy; it must lie in one contig.
        const fStart = minus ? n - end : p;
        const fEnd = minus ? n - p : end;
        const c = contigAt(g.contigStarts, fStart);
        const contig = genome.contigs[c]!;
        if (fEnd > contig.start + contig.length) continue;
        for (const ref of refs) {
          if (!allowed.has(ref.scheme)) continue;
          const allele = this.prepared[ref.scheme]!.scheme.alleles[ref.locus]![ref.allele]!;
          out.push({ ref, hit: { allele: allele.number, contig: contig.name, start: fStart - contig.start + 1, end: fEnd - contig.start, strand: minus ? '-' : '+', identity: 1, coverage: 1 } });
        }
      }
    });
    return out;
  }

  /** Exact calls of a scheme's loci (undefined where none), and the loci left open. */
  private exactCalls(s: number, exactHits: { ref: AlleleRef; hit: MlstHit }[]): { prepared: PreparedScheme; calls: (MlstLocusCall | undefined)[]; open: number[] } {
    const prepared = this.prepared[s]!;
    const calls: (MlstLocusCall | undefined)[] = prepared.scheme.loci.map((locus, l) => {
      // A shorter allele can lie inside a longer one found at the same place: the longer is the copy.
      const hits = exactHits.filter((h) => h.ref.locus === l).map((h) => h.hit);
      const kept = hits.filter((h) => !hits.some((o) => o !== h && o.contig === h.contig && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start));
      kept.sort((a, b) => Number(a.allele) - Number(b.allele) || a.allele.localeCompare(b.allele));
      if (kept.length === 1) return { locus, call: kept[0]!.allele, kind: 'exact', hits: kept };
      if (kept.length > 1) return { locus, call: kept.map((h) => h.allele).join(','), kind: 'multiple', hits: kept };
      return undefined;
    });
    return { prepared, calls, open: calls.flatMap((c, l) => (c ? [] : [l])) };
  }

  /** The best novel (`~N`) or partial (`N?`) allele of each locus without an exact one, or missing: one pass over each strand for them all. */
  private inexact(prepared: PreparedScheme, open: number[], genome: MlstGenome, g: GenomeStrands): Map<number, MlstLocusCall> {
    const { scheme } = prepared;
    const locator = (prepared.locator ??= buildLocator(scheme));
    const wanted = new Set(open);
    const n = g.length;
    const best = new Map<number, { score: number; full: boolean; number: string; hit: MlstHit }>();
    // Votes per strand, locus and diagonal (strand position of the allele's first base).
    const votes = [false, true].map(() => new Map<number, Map<number, number>>(open.map((l) => [l, new Map()])));
    scanKmers(genome, locator.filter, (p, minus, key) => {
      const v = locator.kmers.get(key);
      if (v === undefined) return;
      const l = Math.floor(v / 65536);
      if (!wanted.has(l)) return;
      const diagonals = votes[minus ? 1 : 0]!.get(l)!;
      const diagonal = p - (v % 65536);
      diagonals.set(diagonal, (diagonals.get(diagonal) ?? 0) + 1);
    });
    for (const minus of [false, true]) {
      const codes = minus ? g.reverseCodes : genome.codes;
      for (const l of open) {
        const placements = [...votes[minus ? 1 : 0]!.get(l)!].filter(([, count]) => count >= 3).sort((a, b) => b[1] - a[1]).slice(0, 8);
        for (const [diagonal] of placements) {
          // The contig around the placement: an alignment stops at its ends.
          const mid = Math.min(n - 1, Math.max(0, diagonal + 8));
          const fMid = minus ? n - 1 - mid : mid;
          const contig = genome.contigs[contigAt(g.contigStarts, fMid)]!;
          const lo = minus ? n - (contig.start + contig.length) : contig.start;
          const hi = lo + contig.length;
          for (const allele of scheme.alleles[l]!) {
            const seg = ungapped(allele.sequence, codes, diagonal, lo, hi);
            if (!seg) continue;
            const hlen = allele.sequence.length;
            const alen = seg.end - seg.start;
            if (seg.identical / alen < MLST_MIN_IDENTITY || seg.identical / hlen < MLST_MIN_COVERAGE) continue;
            const full = alen === hlen;
            const held = best.get(l);
            // The highest-scoring alignment is the one BLAST lists first, which `mlst` takes; a full-length one wins a tie.
            if (held && (seg.score < held.score || (seg.score === held.score && (held.full || !full)))) continue;
            const sStart = diagonal + seg.start;
            const sEnd = diagonal + seg.end;
            const fStart = minus ? n - sEnd : sStart;
            const fEnd = minus ? n - sStart : sEnd;
            best.set(l, {
              score: seg.score,
              full,
              number: allele.number,
              hit: { allele: allele.number, contig: contig.name, start: fStart - contig.start + 1, end: fEnd - contig.start, strand: minus ? '-' : '+', identity: seg.identical / alen, coverage: seg.identical / hlen },
            });
          }
        }
      }
    }
    return new Map(
      open.map((l) => {
        const locus = scheme.loci[l]!;
        const b = best.get(l);
        const call: MlstLocusCall = !b ? { locus, call: '-', kind: 'missing', hits: [] } : b.full ? { locus, call: `~${b.number}`, kind: 'novel', hits: [b.hit] } : { locus, call: `${b.number}?`, kind: 'partial', hits: [b.hit] };
        return [l, call];
      }),
    );
  }
}

/** k-mers every 4th base of every allele, enough to place a ≥ 95 % identical copy by several votes. */
function buildLocator(scheme: MlstScheme): Locator {
  const kmers = new Map<number, number>();
  const filter = newFilter();
  scheme.alleles.forEach((alleles, l) => {
    for (const a of alleles) {
      const s = a.sequence;
      for (let i = 0; i + K <= s.length && i < 65536; i += 4) {
        let key = 0;
        let ok = true;
        for (let j = i; j < i + K; j++) {
          const c = CODE[s.charCodeAt(j)]!;
          if (c > 3) {
            ok = false;
            break;
          }
          key = ((key << 2) | c) >>> 0;
        }
        if (!ok || kmers.has(key)) continue;
        kmers.set(key, l * 65536 + i);
        mark(filter, key);
      }
    }
  });
  return { kmers, filter };
}

/**
 * The best-scoring ungapped segment of an allele laid on a strand at `diagonal` (the strand
 * position of the allele's first base), inside [lo, hi): match +1, mismatch −2 (blastn's
 * megablast scores); `start`/`end` are allele positions.
 */
function ungapped(allele: string, codes: Uint8Array, diagonal: number, lo: number, hi: number): { start: number; end: number; identical: number; score: number } | undefined {
  const from = Math.max(0, lo - diagonal);
  const to = Math.min(allele.length, hi - diagonal);
  let best: { start: number; end: number; identical: number; score: number } | undefined;
  let score = 0;
  let start = from;
  let identical = 0;
  for (let i = from; i < to; i++) {
    const c = codes[diagonal + i]!;
    const same = c < 4 && CODE[allele.charCodeAt(i)] === c;
    if (same) {
      score++;
      identical++;
    } else score -= 2;
    if (score <= 0) {
      score = 0;
      identical = 0;
      start = i + 1;
    } else if (!best || score > best.score) best = { start, end: i + 1, identical, score };
  }
  return best;
}

/** The ST, status and score of a scheme's locus calls, as `mlst` gives them. */
export function mlstOutcome(scheme: string, loci: MlstLocusCall[], profiles: Map<string, MlstProfile>): MlstResult {
  const single = loci.every((l) => l.kind === 'exact' || l.kind === 'missing');
  const profile = single ? profiles.get(loci.map((l) => l.call).join('/')) : undefined;
  // A profile's absent locus (0) is printed as 0, as `mlst` does, not as missing.
  if (profile) for (const l of loci) if (l.kind === 'missing') l.call = '0';
  const count = (kind: MlstCallKind) => loci.filter((l) => l.kind === kind).length;
  const n = loci.length;
  const missing = profile ? 0 : count('missing');
  let score = Math.floor(((n - 0.3 * count('novel') - 0.5 * count('partial') - missing) * 90) / n);
  if (profile) score += 10;
  const st = profile?.st ?? '-';
  let status: MlstStatus;
  if (profile) status = 'PERFECT';
  else if (loci.every((l) => l.kind === 'missing')) status = 'NONE';
  else if (loci.every((l) => l.kind === 'exact')) status = 'NOVEL';
  else if (count('multiple') > 0) status = 'MIXED';
  else if (missing > 0) status = 'MISSING';
  else if (score < 70) status = 'BAD';
  else status = 'OK';
  let neighbours = 0;
  if (profile) {
    for (const other of profiles.values()) {
      let differ = 0;
      for (let i = 0; i < other.alleles.length && differ < 2; i++) if (other.alleles[i] !== profile.alleles[i]) differ++;
      if (differ === 1) neighbours++;
    }
  }
  return { scheme, st, status, score, loci, extra: profile?.extra ?? {}, neighbours };
}
