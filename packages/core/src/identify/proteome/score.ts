import type { LocalizedText, MainSpectrumPeak, Peak } from './types';

/**
 * Relative m/z tolerance for a query peak to match a reference peak, in ppm. Linear-mode MALDI-TOF
 * places one peak within about ±300 ppm from spot to spot and day to day after calibration with a
 * standard; 800 ppm (4 Da at 5,000 m/z) keeps those matches without joining neighbouring peaks,
 * which in the 2–20 kDa range of ribosomal proteins lie mostly more than 0.2 % apart.
 */
export const DEFAULT_TOLERANCE_PPM = 800;

/** One query peak matched to one reference peak. */
export interface MatchedPeak {
  queryMz: number;
  queryIntensity: number;
  referenceMz: number;
  referenceIntensity: number;
  /** Share of the reference's replicates that have this peak. */
  referenceFrequency: number;
  /** (query − reference) / reference, in ppm. */
  errorPpm: number;
}

/**
 * Why a log score is what it is: its three factors and the peaks behind them. A page draws it as
 * the query spectrum above the reference main spectrum mirrored below, matched peaks marked.
 */
export interface ScoreExplanation {
  score: number;
  /** Share of query peaks matched (0–1). */
  queryMatchedShare: number;
  /** Share of reference peaks matched (0–1). */
  referenceMatchedShare: number;
  /** Intensity agreement of the matched peaks (0–1), see {@link intensityCorrelation}. */
  intensityCorrelation: number;
  /** Pearson correlation of the matched peaks' intensities (−1–1), null below three pairs. */
  pearson: number | null;
  queryPeaks: number;
  referencePeaks: number;
  matched: MatchedPeak[];
  unmatchedQuery: Peak[];
  unmatchedReference: MainSpectrumPeak[];
  tolerancePpm: number;
}

/**
 * Pairs query and reference peaks one to one: all pairs within the tolerance, closest first, each
 * peak used once. Both lists must be in increasing m/z.
 */
export function matchPeaks(
  query: readonly Peak[],
  reference: readonly MainSpectrumPeak[],
  tolerancePpm: number = DEFAULT_TOLERANCE_PPM,
): Array<[number, number]> {
  const tol = tolerancePpm / 1e6;
  const candidates: Array<{ q: number; r: number; err: number }> = [];
  let start = 0;
  for (let q = 0; q < query.length; q++) {
    const mz = query[q]!.mz;
    // Reference peaks are increasing: skip those already too low for this and later query peaks.
    while (start < reference.length && reference[start]!.mz * (1 + tol) < mz) start++;
    for (let r = start; r < reference.length; r++) {
      const ref = reference[r]!.mz;
      if (ref * (1 - tol) > mz) break;
      const err = Math.abs(mz - ref) / ref;
      if (err <= tol) candidates.push({ q, r, err });
    }
  }
  // A query peak between two reference peaks (or the reverse) keeps the closer partner.
  candidates.sort((a, b) => a.err - b.err || a.q - b.q || a.r - b.r);
  const usedQ = new Uint8Array(query.length);
  const usedR = new Uint8Array(reference.length);
  const pairs: Array<[number, number]> = [];
  for (const c of candidates) {
    if (usedQ[c.q] || usedR[c.r]) continue;
    usedQ[c.q] = 1;
    usedR[c.r] = 1;
    pairs.push([c.q, c.r]);
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** Pearson correlation; null when fewer than three pairs or a constant side. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 3 || y.length !== n) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (!(sxx > 0 && syy > 0)) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/**
 * The intensity factor of the score, 0–1: the Pearson correlation r of the matched peaks'
 * intensities, negative values taken as 0 (intensities that disagree support no match). With
 * fewer than three matched pairs r says nothing and the factor is 0.5; such scores are far below
 * 1.70 anyway. On the shared data, mapping r to (1 + r)/2 instead let 11 % of the Yang 2018 decoy
 * peak lists reach 1.70; with negative r set to 0 it is under 1 %, at no cost to true matches
 * (their r is 0.9 or more).
 */
export function intensityCorrelation(r: number | null): number {
  return r === null ? 0.5 : Math.max(0, r);
}

/** log10(1000 × product), 0 when the product is below 0.001, at most 3. */
export function logScoreOf(queryShare: number, referenceShare: number, correlation: number): number {
  const product = 1000 * queryShare * referenceShare * correlation;
  if (!(product > 1)) return 0;
  return Math.min(3, Math.log10(product));
}

/**
 * Biotyper-style log score of a query peak list against a reference main spectrum:
 * log10(1000 × share of query peaks matched × share of reference peaks matched × intensity
 * correlation of the matched peaks), 0–3.
 */
export function explainScore(
  query: readonly Peak[],
  reference: readonly MainSpectrumPeak[],
  tolerancePpm: number = DEFAULT_TOLERANCE_PPM,
): ScoreExplanation {
  const pairs = matchPeaks(query, reference, tolerancePpm);
  const usedQ = new Uint8Array(query.length);
  const usedR = new Uint8Array(reference.length);
  const matched: MatchedPeak[] = [];
  const qi: number[] = [];
  const ri: number[] = [];
  for (const [q, r] of pairs) {
    usedQ[q] = 1;
    usedR[r] = 1;
    const a = query[q]!;
    const b = reference[r]!;
    matched.push({
      queryMz: a.mz,
      queryIntensity: a.intensity,
      referenceMz: b.mz,
      referenceIntensity: b.intensity,
      referenceFrequency: b.frequency,
      errorPpm: ((a.mz - b.mz) / b.mz) * 1e6,
    });
    qi.push(a.intensity);
    ri.push(b.intensity);
  }
  const queryMatchedShare = query.length ? pairs.length / query.length : 0;
  const referenceMatchedShare = reference.length ? pairs.length / reference.length : 0;
  const r = pearson(qi, ri);
  const correlation = pairs.length ? intensityCorrelation(r) : 0;
  return {
    score: logScoreOf(queryMatchedShare, referenceMatchedShare, correlation),
    queryMatchedShare,
    referenceMatchedShare,
    intensityCorrelation: correlation,
    pearson: r,
    queryPeaks: query.length,
    referencePeaks: reference.length,
    matched,
    unmatchedQuery: query.filter((_, i) => !usedQ[i]),
    unmatchedReference: reference.filter((_, i) => !usedR[i]),
    tolerancePpm,
  };
}

/** Just the number, for ranking. */
export function logScore(query: readonly Peak[], reference: readonly MainSpectrumPeak[], tolerancePpm: number = DEFAULT_TOLERANCE_PPM): number {
  return explainScore(query, reference, tolerancePpm).score;
}

/** The four bands of the log score, named by the finest level they support. */
export type ProteomeLevel = 'subspecies' | 'species' | 'genus' | 'none';

/** Lower edges of the bands, as the Biotyper's: ≥ 2.30, 2.00–2.29, 1.70–1.99, < 1.70. */
export const SCORE_BANDS: Readonly<{ subspecies: number; species: number; genus: number }> = Object.freeze({
  subspecies: 2.3,
  species: 2.0,
  genus: 1.7,
});

/** A score as shown: two decimals. */
export function roundScore(score: number): number {
  return Math.round(score * 100) / 100;
}

/**
 * The band of a score. Decided on the score as shown (two decimals), so that a page never shows
 * "2.30" in the species band: 2.2951 is shown as 2.30 and is in the subspecies band.
 */
export function levelOfScore(score: number): ProteomeLevel {
  const shown = roundScore(score);
  if (shown >= SCORE_BANDS.subspecies) return 'subspecies';
  if (shown >= SCORE_BANDS.species) return 'species';
  if (shown >= SCORE_BANDS.genus) return 'genus';
  return 'none';
}

export const LEVEL_TEXTS: Readonly<Record<ProteomeLevel, LocalizedText>> = Object.freeze({
  subspecies: { zh: '种水平可靠，可能到亚种（≥ 2.30）', en: 'Species reliable, subspecies possible (≥ 2.30)' },
  species: { zh: '种水平可靠（2.00–2.29）', en: 'Species reliable (2.00–2.29)' },
  genus: { zh: '属水平可靠（1.70–1.99）', en: 'Genus reliable (1.70–1.99)' },
  none: { zh: '鉴定不可靠（< 1.70）', en: 'Unreliable identification (< 1.70)' },
});
