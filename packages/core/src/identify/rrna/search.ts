import { encodeNucleotides, forEachWord, reverseComplement } from './alphabet';
import {
  DEFAULT_SCORING,
  OP_INSERTION,
  QueryWords,
  bestLocalStretch,
  SemiGlobalAligner,
  renderAlignment,
  type AlignmentLines,
  type AlignmentScoring,
  type AlignmentStats,
} from './align';
import { assessConfidence, thresholdsFor, withComplex, type Confidence, type ConfidenceThresholds } from './confidence';
import { explainNotNucleotides, refusalDetail, refusalMessageKey, type IdentifyMessageKey, type LocalizedText, type Marker, type RefusalFacts, type RefusalReason, IDENTIFY_MESSAGES } from './messages';
import { needsAllWords, onMinusStrand, type CandidateRanking, type CandidateSource } from './candidate-ranking';
import type { ReferenceIndex, ReferenceInfo } from './reference-index';

export interface IdentifyOptions {
  /** Which gene the sequences are, for the refusal messages (default 16S). */
  marker?: Marker;
  /** Hits listed per query besides ties with the top hit (default 20). */
  maxHits?: number;
  /** Changes to the marker's thresholds (see `thresholdsFor`). */
  thresholds?: Partial<ConfidenceThresholds>;
  /** Shortest accepted sequence in bases (default 300). */
  minLength?: number;
  /**
   * References aligned per query, best word scores first (default 32). More are aligned while the
   * last ones still tie with the top hit, so ties are never cut off.
   */
  candidates?: number;
  /** Include the printable alignment of each hit (default true). */
  alignments?: boolean;
  scoring?: AlignmentScoring;
  /**
   * Words found in more than this share of the references are not counted when ranking candidates
   * (default 0.03), unless the query shares too few of its other words with any reference; 1 counts all.
   */
  commonWordShare?: number;
}

export const DEFAULT_MAX_HITS = 20;
export const DEFAULT_MIN_LENGTH = 300;
export const DEFAULT_CANDIDATES = 24;
export const DEFAULT_COMMON_WORD_SHARE = 0.03;
/** Words in at most this many references are always counted, however small the reference set. */
const MIN_COMMON_WORD_REFS = 64;
/** Word length of the exact matches anchoring an alignment. */
const ANCHOR_WORD = 12;
/** Upper bound on references aligned for one query when extending over ties. */
const MAX_CANDIDATE_FACTOR = 8;
/**
 * Query bases beyond either end of a reference that are not alignment columns, at each end: a PCR
 * primer's length (27F is 20 nt, 1492R 19 nt). References are often deposited without their primer
 * regions, and a read that keeps them should not be marked down against such a reference, while
 * a reference that stops well inside the read (a partial gene) still is: longer overhangs count as
 * gap columns beyond these bases. On the shared 16S dev queries this lists the expected species
 * among the top ties 379 times instead of 370 (bench/identify).
 */
export const FREE_END_OVERHANG = 20;

/** Trimmed ends this long or longer are worth a notice to the reader (shorter ones are a base or two of a read's edge). */
export const NOTABLE_TRIM = 10;

export interface IdentifyQuery {
  id: string;
  sequence: string;
  description?: string;
}

export interface Hit {
  /** 1 for the top hit. */
  rank: number;
  accession: string;
  species: string;
  genus: string;
  family: string;
  /** Kingdom … Genus. */
  lineage: string[];
  description: string;
  /** The label the reference was deposited under, when `species` is its accepted name and differs. */
  depositedSpecies?: string;
  /** Percent, see SIMILARITY_DEFINITION. */
  similarity: number;
  /** Alignment columns (see SIMILARITY_DEFINITION). */
  alignedLength: number;
  identical: number;
  mismatches: number;
  /** Gap columns, in bases. */
  gaps: number;
  gapOpens: number;
  /** Columns where an ambiguity code faces a compatible base. */
  ambiguous: number;
  score: number;
  /** Percent of the submitted query between its first and last base facing a reference base. */
  queryCoverage: number;
  /** 1-based positions in the submitted query of the aligned stretch; start > end on the minus strand. */
  queryStart: number;
  queryEnd: number;
  /** 1-based positions in the reference, start ≤ end. */
  referenceStart: number;
  referenceEnd: number;
  referenceLength: number;
  strand: '+' | '-';
  /** Same similarity as the top hit at an alignment's precision (see `tiedSimilarity`). */
  tiedWithTop: boolean;
  /** Query line (reverse-complemented on the minus strand), match line, reference line. */
  alignment?: AlignmentLines;
}

export interface Identification {
  ok: true;
  queryId: string;
  queryLength: number;
  strand: '+' | '-';
  topHit: Hit;
  /**
   * The top hit first, then the other hits tied with it, then the rest by similarity; which of
   * the rest are listed favours species not yet listed (up to `maxHits`).
   */
  hits: Hit[];
  /** Species of all hits tied with the top hit, top hit's species first. */
  tiedSpecies: string[];
  /** References tied with the top hit (all of them are in `hits`). */
  tiedHits: number;
  confidence: Confidence;
  /** References aligned for this query. */
  aligned: number;
  /**
   * The stretch of the submitted sequence that was identified (1-based, inclusive, in submitted
   * orientation) and the unalignable ends left out before and after it (0 when nothing was trimmed).
   */
  region: { start: number; end: number; trimmedStart: number; trimmedEnd: number };
}

export interface Refusal {
  ok: false;
  queryId: string;
  queryLength: number;
  reason: RefusalReason;
  messageKey: IdentifyMessageKey;
  message: LocalizedText;
  detail: LocalizedText;
  /** Best similarity found when refused for lack of a similar reference. */
  bestSimilarity?: number;
}

export type IdentificationResult = Identification | Refusal;

interface Aligned {
  ref: number;
  /** index.refs[ref], looked up once (a filed index's references are described on first use, through a proxy). */
  info: ReferenceInfo;
  score: number;
  identical: number;
  denominator: number;
  stats: AlignmentStats;
  refStart: number;
  refEnd: number;
  cigar: Uint32Array;
  /** Query bases overhanging the reference's start and end that are not counted (see FREE_END_OVERHANG). */
  leadFree: number;
  tailFree: number;
}

/** a better than b: similarity, then score, then earlier reference. Similarity compared exactly as fractions. */
function compareAligned(a: Aligned, b: Aligned): number {
  const diff = b.identical * a.denominator - a.identical * b.denominator;
  if (diff !== 0) return diff;
  if (a.score !== b.score) return b.score - a.score;
  return a.ref - b.ref;
}

function percent(identical: number, denominator: number): number {
  return denominator > 0 ? (100 * identical) / denominator : 0;
}

/** The similarity as every report shows it: two decimals. */
export function shownSimilarity(similarity: number): string {
  return similarity.toFixed(2);
}

/**
 * Tied: the same similarity at the precision an alignment measures it, one column. Two hits are
 * tied when their differing columns, counted over the same number of columns (the longer
 * alignment's), differ by less than half a column: 175/177 and 174/176 (two differences each, a
 * gap on the reference's side in one) are tied although they show as 98.87 and 98.86 %, as BLAST
 * ties them by their equal score; 163/163 and 167/168 (none against one) are not. Ties were the
 * same similarity at two decimals, which splits such pairs at the rounding's edge (a 177-column
 * alignment resolves 0.56 %, not 0.01 %); hits shown at the same two decimals stay tied
 * (1477/1481 against 1465/1469), which the half column already implies below 5,000 columns.
 */
export function tiedSimilarity(identicalA: number, columnsA: number, identicalB: number, columnsB: number): boolean {
  if (columnsA <= 0 || columnsB <= 0) return columnsA === columnsB;
  if (identicalA * columnsB === identicalB * columnsA) return true;
  const columns = Math.max(columnsA, columnsB);
  if (Math.abs(identicalA / columnsA - identicalB / columnsB) * columns < 0.5) return true;
  return shownSimilarity(percent(identicalA, columnsA)) === shownSimilarity(percent(identicalB, columnsB));
}

function sameSimilarity(a: Aligned, b: Aligned): boolean {
  return tiedSimilarity(a.identical, a.denominator, b.identical, b.denominator);
}

/** Per-index scratch memory, reused by every search on that index in this thread. */
class Searcher implements CandidateSource {
  /** Words shared with the query, per reference; zero between searches. */
  counts: Uint32Array;
  /** The references counted by the current search, so that only they are read and reset. */
  touched: Uint32Array;
  histogram = new Uint32Array(4096);
  aligners = new Map<AlignmentScoring, SemiGlobalAligner>();

  constructor(readonly index: ReferenceIndex) {
    this.counts = new Uint32Array(index.refs.length);
    this.touched = new Uint32Array(index.refs.length);
  }

  aligner(scoring: AlignmentScoring): SemiGlobalAligner {
    let aligner = this.aligners.get(scoring);
    if (!aligner) {
      aligner = new SemiGlobalAligner(scoring);
      this.aligners.set(scoring, aligner);
    }
    return aligner;
  }

  minusStrand(forward: Uint32Array, reverse: Uint32Array): boolean {
    return onMinusStrand(presentWords(this.index, forward), presentWords(this.index, reverse));
  }

  rank(words: Uint32Array, limit: number, cap: number): CandidateRanking {
    return rankCandidates(this, words, limit, cap);
  }
}

const searchers = new WeakMap<ReferenceIndex, Searcher>();

function searcherFor(index: ReferenceIndex): Searcher {
  let searcher = searchers.get(index);
  if (!searcher) {
    searcher = new Searcher(index);
    searchers.set(index, searcher);
  }
  return searcher;
}

/** Distinct words of the index's length in a sequence, ascending. */
export function distinctWords(codes: Uint8Array, k: number): Uint32Array {
  const out = new Uint32Array(Math.max(0, codes.length - k + 1));
  let n = 0;
  forEachWord(codes, k, (word) => {
    out[n++] = word;
  });
  const words = out.subarray(0, n).sort();
  let u = 0;
  for (let i = 0; i < n; i++) if (i === 0 || words[i] !== words[i - 1]) words[u++] = words[i]!;
  return words.subarray(0, u);
}

function presentWords(index: ReferenceIndex, words: Uint32Array): number {
  const starts = index.wordStarts;
  let present = 0;
  for (let i = 0; i < words.length; i++) if (starts[words[i]! + 1]! > starts[words[i]!]!) present++;
  return present;
}

/**
 * References sharing the most words with the query, most first (ties by reference order), at most
 * `limit` of them, each sharing at least one word. Words found in more than `cap` references are
 * not counted: conserved stretches of the gene are shared by almost every reference, cost most of
 * the counting and say little about which references are closest.
 */
function rankCandidates(searcher: Searcher, words: Uint32Array, limit: number, cap: number): CandidateRanking {
  const { wordStarts, postings } = searcher.index;
  const { counts, touched } = searcher;
  // A query shares words with a few thousand of the references at most: only those are read and
  // reset afterwards, not every reference of the set twice per search.
  let touchedCount = 0;
  let counted = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const start = wordStarts[w]!;
    const end = wordStarts[w + 1]!;
    if (end - start > cap || end === start) continue;
    counted++;
    for (let p = start; p < end; p++) {
      const r = postings[p]!;
      if (counts[r]!++ === 0) touched[touchedCount++] = r;
    }
  }
  const maxCount = words.length;
  if (searcher.histogram.length <= maxCount) searcher.histogram = new Uint32Array(maxCount + 1);
  const histogram = searcher.histogram;
  histogram.fill(0, 0, maxCount + 1);
  let best = 0;
  for (let t = 0; t < touchedCount; t++) {
    const c = counts[touched[t]!]!;
    histogram[c]!++;
    if (c > best) best = c;
  }
  // Lowest count still among the `limit` best.
  let threshold = best;
  let taken = 0;
  while (threshold > 1 && taken + histogram[threshold]! < limit) taken += histogram[threshold--]!;
  const picked: number[] = [];
  for (let t = 0; t < touchedCount; t++) if (counts[touched[t]!]! >= threshold) picked.push(touched[t]!);
  picked.sort((a, b) => counts[b]! - counts[a]! || a - b);
  for (let t = 0; t < touchedCount; t++) counts[touched[t]!] = 0;
  return { candidates: Uint32Array.from(picked.length > limit ? picked.slice(0, limit) : picked), best, counted };
}

function refuse(query: IdentifyQuery, marker: Marker, reason: RefusalReason, length: number, facts: RefusalFacts, bestSimilarity?: number): Refusal {
  const messageKey = refusalMessageKey(marker, reason);
  return {
    ok: false,
    queryId: query.id,
    queryLength: length,
    reason,
    messageKey,
    message: IDENTIFY_MESSAGES[messageKey],
    detail: refusalDetail(reason, { ...facts, marker, ...(bestSimilarity !== undefined ? { bestSimilarity } : {}) }),
    ...(bestSimilarity !== undefined ? { bestSimilarity } : {}),
  };
}

/**
 * Identifies one sequence against an index: candidate references by shared words, a semi-global
 * alignment (query end to end, reference ends free) against the best candidates on the strand the
 * query matches, hits ranked by similarity (then alignment score), and a confidence level. Ends of
 * the query that do not align with the top hit (see `MIN_TRIMMED_END`) are trimmed and the rest is
 * aligned again, so that junk at the ends of a read does not count as gaps.
 */
export function identifySequence(index: ReferenceIndex, query: IdentifyQuery, options: IdentifyOptions = {}): IdentificationResult {
  const marker = options.marker ?? '16S';
  const thresholds: ConfidenceThresholds = { ...thresholdsFor(marker), ...options.thresholds };
  const minLength = options.minLength ?? DEFAULT_MIN_LENGTH;
  const maxHits = options.maxHits ?? DEFAULT_MAX_HITS;
  const candidateCount = Math.max(1, options.candidates ?? DEFAULT_CANDIDATES);
  const scoring = options.scoring ?? DEFAULT_SCORING;
  const facts: RefusalFacts = { minLength, minSimilarity: thresholds.minSimilarity };

  const text = query.sequence ?? '';
  if (text.trim().length === 0) return refuse(query, marker, 'empty', 0, facts);
  const { codes: forward, invalidAt } = encodeNucleotides(text);
  if (invalidAt >= 0) {
    const why = explainNotNucleotides(text);
    return refuse(query, marker, why.reason, forward.length, why.notNucleotides ? { ...facts, notNucleotides: why.notNucleotides } : facts);
  }
  const length = forward.length;
  if (length < minLength) return refuse(query, marker, 'too-short', length, facts);

  const searcher = searcherFor(index);
  const source: CandidateSource | undefined = index.ranking ?? (index.wordStarts.length > 0 ? searcher : undefined);
  if (!source) throw new Error('identifySequence: references without a word index are searched with their batch ranking (scanCandidates)');
  const k = index.wordLength;
  const reverse = reverseComplement(forward);
  const forwardWords = distinctWords(forward, k);
  const reverseWords = distinctWords(reverse, k);
  const minus = source.minusStrand(forwardWords, reverseWords);
  const oriented = minus ? reverse : forward;
  const words = minus ? reverseWords : forwardWords;

  const maxCandidates = candidateCount * MAX_CANDIDATE_FACTOR;
  const share = options.commonWordShare ?? DEFAULT_COMMON_WORD_SHARE;
  let ranking = source.rank(words, maxCandidates, Math.max(MIN_COMMON_WORD_REFS, Math.floor(index.refs.length * share)));
  if (share < 1 && needsAllWords(ranking)) ranking = source.rank(words, maxCandidates, Infinity);
  const candidates = ranking.candidates;
  if (candidates.length === 0) return refuse(query, marker, 'no-similar-reference', length, facts, 0);

  const aligner = searcher.aligner(scoring);
  const { codes, offsets } = index;
  /** Aligns `part` of the oriented query against the candidates, best first; more while ties go on. */
  const alignCandidates = (part: Uint8Array): Aligned[] => {
    const anchors = new QueryWords(part, ANCHOR_WORD);
    const aligned: Aligned[] = [];
    let best: Aligned | undefined;
    const alignOne = (ref: number): Aligned | null => {
      const start = offsets[ref]!;
      const refCodes = codes.subarray(start, offsets[ref + 1]!);
      const result = aligner.align(anchors, refCodes, 0, refCodes.length, true);
      if (!result) return null;
      const stats = result.stats;
      // Query bases beyond the reference's ends, up to a primer's length at each end, are no columns.
      const cigar = result.cigar;
      const leadFree = cigar.length > 0 && (cigar[0]! & 3) === OP_INSERTION && result.refStart === 0 ? Math.min(FREE_END_OVERHANG, cigar[0]! >>> 2) : 0;
      const last = cigar.length - 1;
      const tailFree = last > 0 && (cigar[last]! & 3) === OP_INSERTION && result.refEnd === refCodes.length ? Math.min(FREE_END_OVERHANG, cigar[last]! >>> 2) : 0;
      return {
        ref,
        info: index.refs[ref]!,
        score: stats.score,
        identical: stats.identical,
        denominator: stats.columns - stats.ambiguous - leadFree - tailFree,
        stats,
        refStart: result.refStart,
        refEnd: result.refEnd,
        cigar,
        leadFree,
        tailFree,
      };
    };
    let next = 0;
    let batch = candidateCount;
    for (;;) {
      const stop = Math.min(candidates.length, next + batch);
      let tiedInBatch = false;
      const batchStart = aligned.length;
      for (; next < stop; next++) {
        const hit = alignOne(candidates[next]!);
        if (!hit) continue;
        aligned.push(hit);
        if (!best || compareAligned(hit, best) < 0) best = hit;
      }
      // Ties among the weakest candidates of the batch hint that more ties follow.
      const tail = Math.max(batchStart, aligned.length - Math.max(4, (aligned.length - batchStart) >> 2));
      if (!best) {
        if (next >= candidates.length) break;
        continue;
      }
      for (let i = tail; i < aligned.length; i++) if (aligned[i] !== best && sameSimilarity(aligned[i]!, best)) tiedInBatch = true;
      const species = best.info.species;
      const otherSpecies = aligned.some((a) => a.info.species !== species);
      if (next >= candidates.length || (!tiedInBatch && otherSpecies)) break;
      batch = Math.max(8, candidateCount >> 1);
    }
    return aligned.sort(compareAligned);
  };

  let aligned = alignCandidates(oriented);
  let first = aligned[0];
  if (!first) return refuse(query, marker, 'no-similar-reference', length, facts, 0);
  // Unalignable ends: outside the best local stretch of the best-scoring alignment.
  let trimStart = 0;
  let trimEnd = length;
  const byScore = aligned.reduce((a, b) => (b.score > a.score ? b : a), first);
  const stretch = bestLocalStretch(oriented, codes.subarray(offsets[byScore.ref]!, offsets[byScore.ref + 1]!), byScore.refStart, byScore.cigar, scoring);
  // Only ends are trimmed, and never down to less than an accepted sequence: a query that is
  // junk throughout is not cut to the few bases that happen to match.
  if (stretch.queryEnd - stretch.queryStart >= minLength) {
    trimStart = stretch.queryStart;
    trimEnd = stretch.queryEnd;
  }
  const part = trimStart > 0 || trimEnd < length ? oriented.subarray(trimStart, trimEnd) : oriented;
  if (part !== oriented) {
    aligned = alignCandidates(part);
    first = aligned[0];
    if (!first) return refuse(query, marker, 'no-similar-reference', length, facts, 0);
  }
  const top = first;
  const topSimilarity = percent(top.identical, top.denominator);
  if (topSimilarity < thresholds.minSimilarity) return refuse(query, marker, 'no-similar-reference', length, facts, topSimilarity);

  // Top hit, the other ties (species not yet listed first), then the rest chosen species not yet listed first.
  const listed: Aligned[] = [];
  const used = new Set<Aligned>();
  const seenSpecies = new Set<string>();
  const take = (pool: Aligned[], distinctOnly: boolean, limit: number) => {
    for (const a of pool) {
      if (listed.length >= limit) return;
      if (used.has(a)) continue;
      const sp = a.info.species;
      if (distinctOnly && seenSpecies.has(sp)) continue;
      used.add(a);
      seenSpecies.add(sp);
      listed.push(a);
    }
  };
  const ties = aligned.filter((a) => sameSimilarity(a, top));
  take(ties, true, Infinity);
  take(ties, false, Infinity);
  const tied = listed.length;
  take(aligned, true, Math.max(maxHits, ties.length));
  take(aligned, false, Math.max(maxHits, ties.length));
  // "Another species first" chooses which hits make the list (a species' tenth record does not
  // push out a species not yet listed); the chosen ones are listed by similarity, as a reader
  // reads a hit table: a second record of the top species at 99.61 % above another at 90.78 %.
  listed.push(...listed.splice(tied).sort(compareAligned));

  const render = options.alignments ?? true;
  // Oriented positions [from, to) of the part → 1-based positions of the submitted sequence.
  const submitted = (from: number, to: number): [number, number] => (minus ? [length - from, length - to + 1] : [from + 1, to]);
  const hits = listed.map((a, i): Hit => {
    const info = a.info;
    const refCodes = codes.subarray(offsets[a.ref]!, offsets[a.ref + 1]!);
    const s = a.stats;
    const free = a.leadFree + a.tailFree;
    // An overhang left out entirely is no gap opening either.
    const freeOpens = (a.leadFree > 0 && a.leadFree === a.cigar[0]! >>> 2 ? 1 : 0) + (a.tailFree > 0 && a.tailFree === a.cigar[a.cigar.length - 1]! >>> 2 ? 1 : 0);
    const [queryStart, queryEnd] = submitted(trimStart + a.leadFree, trimEnd - a.tailFree);
    return {
      rank: i + 1,
      accession: info.accession,
      species: info.species,
      genus: info.genus,
      family: info.family,
      lineage: info.lineage,
      description: info.description,
      ...(info.depositedSpecies ? { depositedSpecies: info.depositedSpecies } : {}),
      similarity: percent(a.identical, a.denominator),
      alignedLength: s.columns - free,
      identical: s.identical,
      mismatches: s.mismatches,
      gaps: s.gaps - free,
      gapOpens: s.gapOpens - freeOpens,
      ambiguous: s.ambiguous,
      score: s.score,
      queryCoverage: (100 * (s.queryCoveredEnd - s.queryCoveredStart)) / length,
      queryStart,
      queryEnd,
      referenceStart: a.refStart + 1,
      referenceEnd: a.refEnd,
      referenceLength: info.length,
      strand: minus ? '-' : '+',
      tiedWithTop: sameSimilarity(a, top),
      ...(render ? { alignment: withoutFreeOverhang(renderAlignment(part, refCodes, a.refStart, a.cigar), a.leadFree, a.tailFree) } : {}),
    };
  });

  // Confidence looks at every aligned reference, not only the listed ones.
  const ranked = aligned.map((a) => {
    const info = a.info;
    return { similarity: percent(a.identical, a.denominator), species: info.species, genus: info.genus, family: info.family };
  });
  const trimmedBefore = minus ? length - trimEnd : trimStart;
  const trimmedAfter = minus ? trimStart : length - trimEnd;
  return {
    ok: true,
    queryId: query.id,
    queryLength: length,
    strand: minus ? '-' : '+',
    topHit: hits[0]!,
    hits,
    tiedSpecies: [...new Set(ties.map((a) => a.info.species))],
    tiedHits: ties.length,
    confidence: withComplex(
      assessConfidence(ranked, thresholds, {
        coverage: hits[0]!.queryCoverage,
        aligned: top.stats.queryCoveredEnd - top.stats.queryCoveredStart,
        minAligned: minLength,
      }),
      marker,
    ),
    aligned: aligned.length,
    region: { start: trimmedBefore + 1, end: length - trimmedAfter, trimmedStart: trimmedBefore, trimmedEnd: trimmedAfter },
  };
}

/**
 * A sequence refused for lack of a similar reference of its marker that an identification against
 * the other marker's references placed (an 18S gene submitted as 16S, or the reverse): the same
 * headline, and the reason to use the other method.
 */
export function otherMarkerRefusal(refusal: Refusal, marker: Marker, other: Identification, minLength = DEFAULT_MIN_LENGTH): Refusal {
  const top = other.topHit;
  return {
    ...refusal,
    reason: 'other-marker',
    messageKey: refusalMessageKey(marker, 'other-marker'),
    message: IDENTIFY_MESSAGES[refusalMessageKey(marker, 'other-marker')],
    detail: refusalDetail('other-marker', {
      minLength,
      minSimilarity: thresholdsFor(marker).minSimilarity,
      marker,
      otherMatch: { species: top.species, accession: top.accession, similarity: top.similarity },
    }),
  };
}

function withoutFreeOverhang(lines: AlignmentLines, lead: number, tail: number): AlignmentLines {
  if (lead === 0 && tail === 0) return lines;
  const cut = (line: string) => line.slice(lead, line.length - tail);
  return { query: cut(lines.query), match: cut(lines.match), reference: cut(lines.reference) };
}

/** Each sequence of a submission gets its own result, in order. */
export function identifySequences(index: ReferenceIndex, queries: readonly IdentifyQuery[], options: IdentifyOptions = {}): IdentificationResult[] {
  return queries.map((q) => identifySequence(index, q, options));
}
