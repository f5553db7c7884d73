import { preprocessSpectrum, type PreprocessedSpectrum, type PreprocessOptions, type PreprocessParameters } from './preprocess';
import {
  DEFAULT_TOLERANCE_PPM,
  explainScore,
  intensityCorrelation,
  LEVEL_TEXTS,
  levelOfScore,
  logScoreOf,
  matchPeaks,
  pearson,
  roundScore,
  SCORE_BANDS,
  type ProteomeLevel,
  type ScoreExplanation,
} from './score';
import type { LibraryEntry, LocalizedText, Peak, SpectrumInput } from './types';

export interface IdentifyParameters {
  /** m/z tolerance for matching peaks, in ppm. */
  tolerancePpm: number;
  /** Hits listed. Default 10, as the Biotyper's result table. */
  top: number;
  /**
   * A call is flagged when the best hit of another species scores within this much of it.
   * Default 0.10: on the shared MALDIquant spectra the three technical replicates of one spot,
   * scored against the same main spectrum, spread by up to 0.105 (standard deviation; median
   * 0.013), so a smaller lead can flip from one replicate of the same spot to the next.
   */
  closeMargin: number;
  /** Look for a second species in the peaks the top hit leaves unexplained. Default true. */
  mixture: boolean;
  /** At least this many query peaks must be unexplained by the top hit. Default 5. */
  mixtureMinUnexplained: number;
  /** …at least this many of them matched by the second species (and it has as many distinctive peaks). Default 4. */
  mixtureMinExplained: number;
  /** The second species' own score on what the top hit leaves (see {@link MixtureCall.secondScore}). Default 1.50. */
  mixtureMinScore: number;
  /**
   * Adding the second species' distinctive peaks to the top hit's reference must raise the score
   * by this much. Default 0.05: on the shared data no single-species spectrum (72 MALDIquant
   * spectra of four close species, 14 RKI Citrobacter) gains that much from any other species.
   */
  mixtureMinGain: number;
  /** The top hit must reach this for a mixture call (below it, the first species itself is uncertain). Default 1.50. */
  mixtureMinTopScore: number;
}

export const DEFAULT_IDENTIFY: Readonly<IdentifyParameters> = Object.freeze({
  tolerancePpm: DEFAULT_TOLERANCE_PPM,
  top: 10,
  closeMargin: 0.1,
  mixture: true,
  mixtureMinUnexplained: 5,
  mixtureMinExplained: 4,
  mixtureMinScore: 1.5,
  mixtureMinGain: 0.05,
  mixtureMinTopScore: 1.5,
});

export function identifyParameters(overrides: Partial<IdentifyParameters> = {}): IdentifyParameters {
  const p: IdentifyParameters = { ...DEFAULT_IDENTIFY };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) (p as unknown as Record<string, unknown>)[k] = v;
  if (!(p.tolerancePpm > 0 && p.tolerancePpm <= 10000)) throw new RangeError('tolerancePpm must be in (0, 10000]');
  if (!(Number.isInteger(p.top) && p.top >= 1)) throw new RangeError('top must be a whole number ≥ 1');
  if (!(p.closeMargin >= 0)) throw new RangeError('closeMargin must be ≥ 0');
  return p;
}

export interface ProteomeHit {
  rank: number;
  entryId: string;
  species: string;
  strain?: string;
  source: string;
  score: number;
  level: ProteomeLevel;
  matchedPeaks: number;
  queryMatchedShare: number;
  referenceMatchedShare: number;
  intensityCorrelation: number;
}

export interface MixtureCall {
  /** Top hit's species first, then the second species. */
  species: [string, string];
  secondEntryId: string;
  /**
   * Log score of the second species on what the top hit leaves: share of the unexplained peaks it
   * matches × share of its distinctive peaks (those the top hit's reference lacks) in the query ×
   * the intensity correlation on those distinctive peaks.
   */
  secondScore: number;
  /** Score against the top hit's reference plus the second species' distinctive peaks, minus the top hit's score. */
  combinedGain: number;
  /** Query peaks the top hit leaves unexplained. */
  unexplainedPeaks: number;
  /** … of which the second species matches. */
  explainedBySecond: number;
  text: LocalizedText;
}

export type ProteomeRefusal = 'no-peaks' | 'empty-library';

/**
 * Why the call's band is lower than its score's: an entry built from replicates sets the floor of
 * its own species band where its replicates' scores against it start (minus the spread of technical
 * replicates): a query of another species reaching 2.0 against a lab's own entry, below where the
 * entry's own replicates score, is not that species.
 */
export interface CalibratedBand {
  /** The band of the score alone. */
  scoreLevel: ProteomeLevel;
  /** The lowest score of the entry's own replicates against it. */
  replicateFloor: number;
  /** The score a species band needs against this entry. */
  speciesFloor: number;
  text: LocalizedText;
}

/**
 * Replicate scores spread by up to 0.105 (standard deviation) within a spot on the shared MALDIquant
 * spectra; twice that below the lowest replicate is still the entry's own species.
 */
export const OWN_REPLICATE_SLACK = 0.2;

/** An entry's species floor, or null when it was not built from replicates. */
export function speciesFloorOf(entry: LibraryEntry): { replicateFloor: number; speciesFloor: number } | null {
  const scores = entry.quality?.replicateScores ?? [];
  if (scores.length < 2) return null;
  const replicateFloor = Math.min(...scores);
  return { replicateFloor, speciesFloor: Math.max(SCORE_BANDS.species, replicateFloor - OWN_REPLICATE_SLACK) };
}

/**
 * The query is the very spectrum an entry was built from: every peak of the entry found at the same
 * m/z (under 1 ppm) with the same relative intensities (a main spectrum of one spectrum keeps its
 * strongest peaks, so the query may have more). Another spectrum of the same strain never places
 * ten or more peaks within 1 ppm of all of the entry's.
 */
export function sameSpectrum(ex: ScoreExplanation): boolean {
  return (
    ex.referencePeaks >= 10 &&
    ex.matched.length === ex.referencePeaks &&
    ex.matched.every((m) => Math.abs(m.errorPpm) < 1) &&
    ex.pearson !== null &&
    ex.pearson > 0.999
  );
}

export interface ProteomeIdentification {
  /** Band of the top hit; `none` also when refused. */
  level: ProteomeLevel;
  /** The top hit (rank 1), null when refused. */
  call: ProteomeHit | null;
  /** The best hit of a species other than the call's. */
  runnerUp: ProteomeHit | null;
  /** Score of the call minus that of the runner-up. */
  margin: number | null;
  /** The runner-up is within `closeMargin` of the call. */
  closeRunnerUp: boolean;
  /** None of the listed hits (the top ten by default) reaches 1.70. */
  noReliableIdentification: boolean;
  hits: ProteomeHit[];
  mixture: MixtureCall | null;
  /** Why the call's score is what it is. */
  explanation: ScoreExplanation | null;
  /** The call's band was lowered below its score's (see {@link CalibratedBand}). */
  calibrated: CalibratedBand | null;
  /** The query is the spectrum the top entry was built from. */
  sameSpectrum: boolean;
  /** The band and any warnings, ready to show. */
  text: LocalizedText;
  refused?: ProteomeRefusal;
  queryPeaks: number;
  parameters: IdentifyParameters;
}

const fmt = (score: number) => roundScore(score).toFixed(2);

function verdictText(result: Omit<ProteomeIdentification, 'text'>, p: IdentifyParameters): LocalizedText {
  if (result.refused === 'no-peaks') {
    return { zh: '谱图中未检出峰，无法鉴定。', en: 'No peaks were detected in the spectrum; it cannot be identified.' };
  }
  if (result.refused === 'empty-library') {
    return { zh: '没有可用的参考谱库。', en: 'No reference library is available.' };
  }
  const zh: string[] = [];
  const en: string[] = [];
  if (result.noReliableIdentification) {
    zh.push(`无可靠鉴定结果：前 ${result.hits.length} 个匹配的得分均低于 ${SCORE_BANDS.genus.toFixed(2)}。`);
    en.push(`No reliable identification: none of the top ${result.hits.length} matches scores ${SCORE_BANDS.genus.toFixed(2)} or more.`);
  } else {
    zh.push(LEVEL_TEXTS[result.level].zh + '。');
    en.push(LEVEL_TEXTS[result.level].en + '.');
  }
  if (result.sameSpectrum && result.call) {
    zh.push(`注意：查询谱图与谱库条目 ${result.call.species}${result.call.strain ? ` ${result.call.strain}` : ''} 是同一张谱图（全部峰位置一致），得分 ${fmt(result.call.score)} 只是自身比对，不是独立的鉴定证据。`);
    en.push(`Note: the query is the same spectrum as the library entry ${result.call.species}${result.call.strain ? ` ${result.call.strain}` : ''} (every peak at the same m/z); its ${fmt(result.call.score)} is a self-match, not independent evidence.`);
  }
  if (result.calibrated) {
    zh.push(result.calibrated.text.zh);
    en.push(result.calibrated.text.en);
  }
  if (result.closeRunnerUp && result.runnerUp && result.call) {
    zh.push(
      `注意：次优菌种 ${result.runnerUp.species}（${fmt(result.runnerUp.score)}）与首位 ${result.call.species}（${fmt(result.call.score)}）相差不足 ${p.closeMargin.toFixed(2)}，本谱图不能可靠区分二者。`,
    );
    en.push(
      `Caution: the runner-up species ${result.runnerUp.species} (${fmt(result.runnerUp.score)}) is within ${p.closeMargin.toFixed(2)} of ${result.call.species} (${fmt(result.call.score)}); this spectrum does not reliably tell them apart.`,
    );
  }
  if (result.mixture) {
    zh.push(result.mixture.text.zh);
    en.push(result.mixture.text.en);
  }
  return { zh: zh.join(''), en: en.join(' ') };
}

function sortedPeaks(peaks: readonly Peak[]): Peak[] {
  for (let i = 1; i < peaks.length; i++) if (peaks[i]!.mz < peaks[i - 1]!.mz) return [...peaks].sort((a, b) => a.mz - b.mz);
  return peaks as Peak[];
}

/**
 * Scores a query peak list against every library entry and makes the call: ranked hits, the band
 * of the top hit, the runner-up species and whether it is close, "no reliable identification",
 * and a possible second species (mixed culture).
 */
export function identifyPeaks(
  queryPeaks: readonly Peak[],
  library: readonly LibraryEntry[],
  overrides: Partial<IdentifyParameters> = {},
): ProteomeIdentification {
  const p = identifyParameters(overrides);
  const query = sortedPeaks(queryPeaks);
  const base = {
    level: 'none' as ProteomeLevel,
    call: null,
    runnerUp: null,
    margin: null,
    closeRunnerUp: false,
    noReliableIdentification: true,
    hits: [],
    mixture: null,
    explanation: null,
    calibrated: null,
    sameSpectrum: false,
    queryPeaks: query.length,
    parameters: p,
  };
  if (query.length === 0 || library.length === 0) {
    const refused: ProteomeRefusal = query.length === 0 ? 'no-peaks' : 'empty-library';
    const result = { ...base, refused };
    return { ...result, text: verdictText(result, p) };
  }

  const scored = library.map((entry) => ({ entry, ex: explainScore(query, entry.peaks, p.tolerancePpm) }));
  scored.sort(
    (a, b) => b.ex.score - a.ex.score || a.entry.species.localeCompare(b.entry.species) || a.entry.id.localeCompare(b.entry.id),
  );
  const hitOf = (s: (typeof scored)[number], rank: number): ProteomeHit => {
    const hit: ProteomeHit = {
      rank,
      entryId: s.entry.id,
      species: s.entry.species,
      source: s.entry.source,
      score: s.ex.score,
      level: levelOfScore(s.ex.score),
      matchedPeaks: s.ex.matched.length,
      queryMatchedShare: s.ex.queryMatchedShare,
      referenceMatchedShare: s.ex.referenceMatchedShare,
      intensityCorrelation: s.ex.intensityCorrelation,
    };
    if (s.entry.strain !== undefined) hit.strain = s.entry.strain;
    return hit;
  };
  const hits = scored.slice(0, p.top).map((s, i) => hitOf(s, i + 1));
  const top = scored[0]!;
  const call = hits[0]!;
  const runnerIndex = scored.findIndex((s) => s.entry.species !== top.entry.species);
  const runnerUp = runnerIndex < 0 ? null : runnerIndex < hits.length ? hits[runnerIndex]! : hitOf(scored[runnerIndex]!, runnerIndex + 1);
  const margin = runnerUp ? call.score - runnerUp.score : null;
  const noReliableIdentification = hits.every((h) => levelOfScore(h.score) === 'none');

  let mixture: MixtureCall | null = null;
  const unexplained = top.ex.unmatchedQuery;
  if (p.mixture && top.ex.score >= p.mixtureMinTopScore && unexplained.length >= p.mixtureMinUnexplained) {
    let best: { s: (typeof scored)[number]; score: number; gain: number; explained: number } | null = null;
    for (const s of scored) {
      if (s.entry.species === top.entry.species) continue;
      const explained = matchPeaks(unexplained, s.entry.peaks, p.tolerancePpm).length;
      if (explained < p.mixtureMinExplained) continue;
      // A close relative of the top hit shares most of its peaks and some of the leftover, strain
      // specific ones; a second organism really present also shows the peaks that set it apart
      // from the top hit. So it is judged on those distinctive peaks: how many of them the query
      // shows, and whether adding them to the top hit's reference raises the score (for a
      // relative they mostly go unmatched and lower it).
      const shared = new Set(matchPeaks(s.entry.peaks, top.entry.peaks, p.tolerancePpm).map(([i]) => i));
      const distinctive = s.entry.peaks.filter((_, i) => !shared.has(i));
      if (distinctive.length < p.mixtureMinExplained) continue;
      const found = matchPeaks(query, distinctive, p.tolerancePpm);
      // Intensities are compared on the distinctive peaks only: on the shared ones the query's
      // intensities are mostly the top hit's.
      const correlation = intensityCorrelation(pearson(found.map(([q]) => query[q]!.intensity), found.map(([, d]) => distinctive[d]!.intensity)));
      const score = logScoreOf(explained / unexplained.length, found.length / distinctive.length, correlation);
      if (score < p.mixtureMinScore) continue;
      const combined = [...top.entry.peaks, ...distinctive].sort((a, b) => a.mz - b.mz);
      const gain = explainScore(query, combined, p.tolerancePpm).score - top.ex.score;
      if (gain < p.mixtureMinGain) continue;
      if (!best || score > best.score) best = { s, score, gain, explained };
    }
    if (best) {
      const a = top.entry.species;
      const b = best.s.entry.species;
      mixture = {
        species: [a, b],
        secondEntryId: best.s.entry.id,
        secondScore: best.score,
        combinedGain: best.gain,
        unexplainedPeaks: unexplained.length,
        explainedBySecond: best.explained,
        text: {
          zh: `可能为混合培养：${a} 与 ${b}（${unexplained.length} 个未被 ${a} 解释的峰中有 ${best.explained} 个与 ${b} 匹配；加入 ${b} 的特有峰后得分提高 ${best.gain.toFixed(2)}）。请分纯后复检。`,
          en: `Possible mixed culture: ${a} and ${b} (${best.explained} of the ${unexplained.length} peaks that ${a} leaves unexplained match ${b}; adding the peaks distinctive of ${b} raises the score by ${best.gain.toFixed(2)}). Subculture and test again.`,
        },
      };
    }
  }

  let level = call.level;
  let calibrated: CalibratedBand | null = null;
  const floor = speciesFloorOf(top.entry);
  if (floor && (level === 'species' || level === 'subspecies') && roundScore(call.score) < floor.speciesFloor) {
    calibrated = {
      scoreLevel: level,
      ...floor,
      text: {
        zh: `${call.species} 条目自身的重复谱图对它的得分最低为 ${fmt(floor.replicateFloor)}；本谱图 ${fmt(call.score)} 低于 ${fmt(floor.speciesFloor)}，不能确认为该种，只作属水平参考。`,
        en: `The replicates of the ${call.species} entry score ${fmt(floor.replicateFloor)} or more against it; this spectrum's ${fmt(call.score)} is below ${fmt(floor.speciesFloor)}, so the species is not confirmed (genus level at most).`,
      },
    };
    level = 'genus';
  }
  // Against an entry built from replicates (a lab's own strain), another species scoring close
  // behind leaves the species open too.
  if (!calibrated && floor && (level === 'species' || level === 'subspecies') && margin !== null && margin < p.closeMargin && runnerUp) {
    calibrated = {
      scoreLevel: level,
      ...floor,
      text: {
        zh: `次优菌种 ${runnerUp.species}（${fmt(runnerUp.score)}）与本条目相差不足 ${p.closeMargin.toFixed(2)}，不能确认为 ${call.species}，只作属水平参考。`,
        en: `The runner-up species ${runnerUp.species} (${fmt(runnerUp.score)}) is within ${p.closeMargin.toFixed(2)} of this entry, so ${call.species} is not confirmed (genus level at most).`,
      },
    };
    level = 'genus';
  }
  const same = sameSpectrum(top.ex);
  const result = {
    ...base,
    level,
    calibrated,
    sameSpectrum: same,
    call,
    runnerUp,
    margin,
    closeRunnerUp: margin !== null && margin < p.closeMargin,
    noReliableIdentification,
    hits,
    mixture,
    explanation: top.ex,
  };
  return { ...result, text: verdictText(result, p) };
}

export interface SpectrumIdentification extends ProteomeIdentification {
  /** The query after preprocessing (peaks, noise, parameters, thinned profile when asked for). */
  spectrum: PreprocessedSpectrum;
}

/** Raw spectrum → preprocessing → identification, with the parameters of both in the result. */
export function identifySpectrum(
  spectrum: SpectrumInput,
  library: readonly LibraryEntry[],
  options: { preprocess?: Partial<PreprocessParameters>; identify?: Partial<IdentifyParameters> } & PreprocessOptions = {},
): SpectrumIdentification {
  const processed = preprocessSpectrum(spectrum, options.preprocess, options.keepProfile ? { keepProfile: options.keepProfile } : {});
  return { ...identifyPeaks(processed.peaks, library, options.identify), spectrum: processed };
}
