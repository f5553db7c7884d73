import { encodeNucleotides } from '../rrna/alphabet';
import { assessConfidence } from '../rrna/confidence';
import { explainNotNucleotides, refusalDetail, type NotNucleotides, type RefusalReason } from '../rrna/messages';
import type { ReferenceIndex } from '../rrna/reference-index';
import { withScannedCandidates } from '../rrna/reference-scan';
import { identifySequence, tiedSimilarity, type Hit, type Identification, type IdentificationResult, type Refusal } from '../rrna/search';
import { ITS_MESSAGES } from './messages';
import { locateItsRegions, type ItsRegions, type QueryStretch } from './regions';
import { itsSpeciesGroupOf, type ItsSpeciesGroup } from './species-groups';
import { ITS_MAX_LENGTH, ITS_MIN_LENGTH, ITS_THRESHOLDS } from './thresholds';

/**
 * References aligned per part. Spacers are short and most species have one record, so fewer
 * candidates than 16S's 24 suffice (the engine aligns more while the last ones tie with the top):
 * on the 439 ITS2 dev queries 8, 12 and 24 candidates
 * give the same top hits, ties and genera (bench/identify/its), at 8 in about half the time of 24.
 */
export const ITS_CANDIDATES = 8;

/** The word indexes of the two spacer references (built from records that are evidence only). */
export interface ItsIndexes {
  /** Absent: ITS1 parts are not searched (a reference of ITS2 alone). */
  ITS1?: ReferenceIndex;
  ITS2: ReferenceIndex;
}

export type ItsPartRegion = 'ITS1' | 'ITS2';
export type ItsBasis = ItsPartRegion | 'ITS1+ITS2';

/** One part of the query searched against its region's reference. */
export interface ItsPart {
  region: ItsPartRegion;
  /** 1-based, inclusive, in the submitted query. */
  start: number;
  end: number;
  /** The search of that part; hit positions are those of the submitted query. */
  result: IdentificationResult;
}

export interface ItsFacts {
  regions: ItsRegions;
  parts: ItsPart[];
  /** Which parts the answer rests on (absent on refusals). */
  basis?: ItsBasis;
  /** The complex the named species belong to, when ITS cannot split it. */
  speciesGroup?: ItsSpeciesGroup;
}

export type ItsIdentification = Identification & { its: ItsFacts };
export type ItsRefusal = Refusal & { its: ItsFacts };
export type ItsResult = ItsIdentification | ItsRefusal;

/** One read of an ITS task, as the server keeps it on the task and the result page shows it. */
export interface ItsItem {
  position: number;
  queryId: string;
  description: string;
  length: number;
  result: ItsResult;
}

export interface IdentifyItsOptions {
  /** Include the printable alignments of each part's hits (default true). */
  alignments?: boolean;
  /** Hits listed per part (default 50: pooling needs each species' hit in both parts). */
  maxHits?: number;
  /** References aligned per part, best word scores first (default ITS_CANDIDATES; more while tied). */
  candidates?: number;
}

function asItsRefusal(refusal: Refusal, facts: ItsFacts): ItsRefusal {
  const key = refusal.reason === 'empty' ? 'identify.its.empty' : 'identify.its.unsupported';
  // The headline names ITS; the engine's detail (length, similarity floor) stays as it is.
  return { ...refusal, messageKey: key as unknown as Refusal['messageKey'], message: ITS_MESSAGES[key], its: facts };
}

/** Moves a part's hit positions from the part to the submitted query. */
function shifted(result: IdentificationResult, offset: number): IdentificationResult {
  if (!result.ok || offset === 0) return result;
  const hits = result.hits.map((h) => ({ ...h, queryStart: h.queryStart + offset, queryEnd: h.queryEnd + offset }));
  return { ...result, hits, topHit: hits[0]!, region: { ...result.region, start: result.region.start + offset, end: result.region.end + offset } };
}

function searchPart(index: ReferenceIndex, id: string, sequence: string, stretch: QueryStretch, region: ItsPartRegion, options: IdentifyItsOptions): ItsPart {
  const result = identifySequence(index, { id, sequence: sequence.slice(stretch.start, stretch.end) }, {
    marker: '18S',
    thresholds: ITS_THRESHOLDS,
    minLength: ITS_MIN_LENGTH,
    maxHits: options.maxHits ?? 50,
    candidates: options.candidates ?? ITS_CANDIDATES,
    alignments: options.alignments ?? true,
  });
  return { region, start: stretch.start + 1, end: stretch.end, result: shifted(result, stretch.start) };
}

const denominator = (h: Hit) => h.alignedLength - h.ambiguous;

/**
 * Both spacers' evidence per species: identical columns of the species' best ITS1 and best ITS2
 * alignments over all their columns. Species seen in one part only follow those seen in both: a
 * name rests on both spacers when both were read.
 */
function pooled(one: Identification, two: Identification): { hits: Hit[]; both: number } {
  const bestOf = (hits: Hit[]) => {
    const best = new Map<string, Hit>();
    for (const h of hits) if (!best.has(h.species)) best.set(h.species, h);
    return best;
  };
  const first = bestOf(one.hits);
  const second = bestOf(two.hits);
  const combined: (Hit & { both: boolean })[] = [];
  for (const [species, h2] of second) {
    const h1 = first.get(species);
    if (!h1) continue;
    const identical = h1.identical + h2.identical;
    const columns = denominator(h1) + denominator(h2);
    combined.push({
      ...h2,
      accession: `${h1.accession} + ${h2.accession}`,
      similarity: columns > 0 ? (100 * identical) / columns : 0,
      alignedLength: h1.alignedLength + h2.alignedLength,
      identical,
      mismatches: h1.mismatches + h2.mismatches,
      gaps: h1.gaps + h2.gaps,
      gapOpens: h1.gapOpens + h2.gapOpens,
      ambiguous: h1.ambiguous + h2.ambiguous,
      score: h1.score + h2.score,
      // Of the spacers searched: the 5.8S between them is located, not searched (it is the same in every fungus).
      queryCoverage: Math.min(100, (h1.queryCoverage * one.queryLength + h2.queryCoverage * two.queryLength) / (one.queryLength + two.queryLength)),
      queryStart: Math.min(h1.queryStart, h1.queryEnd, h2.queryStart, h2.queryEnd),
      queryEnd: Math.max(h1.queryStart, h1.queryEnd, h2.queryStart, h2.queryEnd),
      both: true,
    });
  }
  const both = combined.length;
  for (const part of [two, one]) {
    for (const h of part.hits) if (!combined.some((c) => c.species === h.species)) combined.push({ ...h, both: false });
  }
  combined.sort((a, b) => Number(b.both) - Number(a.both) || b.similarity - a.similarity || b.score - a.score);
  const top = combined[0]!;
  const hits = combined.map(({ both: _both, alignment: _alignment, ...h }, i) => ({
    ...h,
    rank: i + 1,
    tiedWithTop: tiedSimilarity(h.identical, denominator(h), top.identical, denominator(top)) && _both === combined[0]!.both,
  }));
  return { hits, both };
}

/**
 * Applies the species groups ITS cannot split: a species (or species group) whose names all belong
 * to one complex is reported as that complex.
 */
function withSpeciesGroup(identification: Identification): { identification: Identification; group?: ItsSpeciesGroup } {
  const { confidence } = identification;
  if (confidence.level !== 'species' && confidence.level !== 'species-group') return { identification };
  const groups = new Set(confidence.names.map((n) => itsSpeciesGroupOf(n)));
  const group = groups.size === 1 ? [...groups][0] : undefined;
  if (!group) return { identification };
  return { identification: { ...identification, confidence: { ...confidence, level: 'species-group', names: [group.name.en] } }, group };
}

/**
 * Identifies one ITS read: finds its ITS1 and ITS2 parts by the 5.8S between them, searches each
 * against its own reference and pools the evidence per species; a read without a 5.8S (ITS1 or
 * ITS2 alone) is searched against both and answered by the better. Thresholds: ITS_THRESHOLDS.
 */
export function identifyIts(indexes: ItsIndexes, query: { id: string; sequence: string }, options: IdentifyItsOptions = {}, locate: (sequence: string) => ItsRegions = locateItsRegions): ItsResult {
  const sequence = (query.sequence ?? '').replace(/\s+/g, '');
  const noRegions: ItsRegions = { strand: '+', fiveEightS: null, partial58S: false, match58S: null, its1: null, its2: null, ssuEnd: null, lsuStart: null };
  // Empty, non-nucleotide, too short or too long: refused before any search, as 16S/18S are.
  const { codes, invalidAt } = encodeNucleotides(sequence);
  let reason: RefusalReason | null = null;
  let notNucleotides: NotNucleotides | undefined;
  if (sequence.length === 0) reason = 'empty';
  else if (invalidAt >= 0) ({ reason, notNucleotides } = explainNotNucleotides(query.sequence ?? ''));
  else if (codes.length < ITS_MIN_LENGTH) reason = 'too-short';
  else if (codes.length > ITS_MAX_LENGTH) reason = 'too-long';
  if (reason) {
    const detail = refusalDetail(reason, { minLength: ITS_MIN_LENGTH, maxLength: ITS_MAX_LENGTH, minSimilarity: ITS_THRESHOLDS.minSimilarity, ...(notNucleotides ? { notNucleotides } : {}) });
    const refusal = { ok: false, queryId: query.id, queryLength: codes.length, reason, messageKey: 'identify.18s.unsupported', message: ITS_MESSAGES['identify.its.unsupported'], detail } as const;
    return asItsRefusal(refusal, { regions: noRegions, parts: [] });
  }

  const regions = locate(sequence);
  const long = (s: QueryStretch | null): s is QueryStretch => s !== null && s.end - s.start >= ITS_MIN_LENGTH;
  const parts: ItsPart[] = [];
  if (indexes.ITS1 && long(regions.its1)) parts.push(searchPart(indexes.ITS1, query.id, sequence, regions.its1, 'ITS1', options));
  if (long(regions.its2)) parts.push(searchPart(indexes.ITS2, query.id, sequence, regions.its2, 'ITS2', options));
  if (parts.length === 0) {
    // No 5.8S (or too little on either side of it): a spacer alone, or something else.
    const whole = { start: 0, end: sequence.length };
    const candidates = [searchPart(indexes.ITS2, query.id, sequence, whole, 'ITS2', options)];
    if (indexes.ITS1) candidates.push(searchPart(indexes.ITS1, query.id, sequence, whole, 'ITS1', options));
    const similarity = (p: ItsPart) => (p.result.ok ? p.result.topHit.similarity : (p.result.bestSimilarity ?? 0));
    const coverage = (p: ItsPart) => (p.result.ok ? p.result.topHit.queryCoverage : 0);
    // The better match: more of the read aligned at a similarity no lower, else the higher similarity.
    candidates.sort((a, b) => similarity(b) * coverage(b) - similarity(a) * coverage(a) || similarity(b) - similarity(a));
    parts.push(candidates[0]!);
  }
  const answered = parts.filter((p): p is ItsPart & { result: Identification } => p.result.ok);
  if (answered.length === 0) return asItsRefusal(parts[0]!.result as Refusal, { regions, parts });

  let identification: Identification;
  let basis: ItsBasis;
  if (answered.length === 2) {
    const [one, two] = answered as [ItsPart & { result: Identification }, ItsPart & { result: Identification }];
    const { hits } = pooled(one.result, two.result);
    const top = hits[0]!;
    const aligned = one.result.region.end - one.result.region.start + 1 + (two.result.region.end - two.result.region.start + 1);
    const confidence = assessConfidence(hits, ITS_THRESHOLDS, { coverage: top.queryCoverage, aligned, minAligned: ITS_MIN_LENGTH });
    const ties = hits.filter((h) => h.tiedWithTop);
    identification = {
      ok: true,
      queryId: query.id,
      queryLength: sequence.length,
      strand: two.result.strand,
      topHit: top,
      hits,
      tiedSpecies: [...new Set(ties.map((h) => h.species))],
      tiedHits: ties.length,
      confidence,
      aligned: one.result.aligned + two.result.aligned,
      region: { start: one.start, end: two.end, trimmedStart: one.start - 1, trimmedEnd: sequence.length - two.end },
    };
    basis = 'ITS1+ITS2';
  } else {
    const only = answered[0]!;
    identification = { ...only.result, queryLength: sequence.length };
    basis = only.region;
  }
  const { identification: named, group } = withSpeciesGroup(identification);
  return { ...named, its: { regions, parts, basis, ...(group ? { speciesGroup: group } : {}) } };
}

/**
 * Each read of a submission gets its own result, in order. References kept without a word index
 * are searched by one scan for the whole batch (withScannedCandidates: the batch runs twice, its
 * 5.8S located once).
 */
export function identifyItsSequences(indexes: ItsIndexes, queries: readonly { id: string; sequence: string }[], options: IdentifyItsOptions = {}): ItsResult[] {
  const located = new Map<string, ItsRegions>();
  const locate = (sequence: string) => {
    let regions = located.get(sequence);
    if (!regions) located.set(sequence, (regions = locateItsRegions(sequence)));
    return regions;
  };
  return withScannedCandidates([indexes.ITS2, ...(indexes.ITS1 ? [indexes.ITS1] : [])], (use) => {
    const searched: ItsIndexes = { ITS2: use(indexes.ITS2), ...(indexes.ITS1 ? { ITS1: use(indexes.ITS1) } : {}) };
    return queries.map((q) => identifyIts(searched, q, options, locate));
  });
}
