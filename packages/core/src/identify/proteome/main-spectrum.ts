import { explainScore, DEFAULT_TOLERANCE_PPM, SCORE_BANDS } from './score';
import type { MainSpectrum, MainSpectrumPeak, Peak } from './types';

/** How replicate peak lists merge into a main spectrum (MSP). */
export interface MainSpectrumParameters {
  /**
   * Peaks of different replicates join one group when all lie within this distance of the group's
   * mean m/z, in ppm. Default 1,000: between the matching tolerance and MALDIquant's 2,000 ppm,
   * wide enough for spot-to-spot calibration drift in linear mode.
   */
  groupTolerancePpm: number;
  /**
   * Least share of replicates a peak must be found in to enter the main spectrum. Default 0.5:
   * with three technical replicates that means two of them, which drops one-off noise peaks; the
   * Biotyper's 25 % assumes 20 or more replicates.
   */
  minFrequency: number;
  /** Most peaks kept, the most frequent first (then the most intense). Default 70, as Biotyper MSPs. */
  maxPeaks: number;
  /** Tolerance used to score each replicate against the finished main spectrum, in ppm. */
  tolerancePpm: number;
}

export const DEFAULT_MAIN_SPECTRUM: Readonly<MainSpectrumParameters> = Object.freeze({
  groupTolerancePpm: 1000,
  minFrequency: 0.5,
  maxPeaks: 70,
  tolerancePpm: DEFAULT_TOLERANCE_PPM,
});

export function mainSpectrumParameters(overrides: Partial<MainSpectrumParameters> = {}): MainSpectrumParameters {
  const p: MainSpectrumParameters = { ...DEFAULT_MAIN_SPECTRUM };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) (p as unknown as Record<string, unknown>)[k] = v;
  if (!(p.groupTolerancePpm > 0)) throw new RangeError('groupTolerancePpm must be > 0');
  if (!(p.minFrequency >= 0 && p.minFrequency <= 1)) throw new RangeError('minFrequency must be between 0 and 1');
  if (!(Number.isInteger(p.maxPeaks) && p.maxPeaks >= 1)) throw new RangeError('maxPeaks must be a whole number ≥ 1');
  if (!(p.tolerancePpm > 0)) throw new RangeError('tolerancePpm must be > 0');
  return p;
}

interface PooledPeak {
  mz: number;
  intensity: number;
  replicate: number;
}

/**
 * Groups pooled peaks (sorted by m/z) so that each group holds at most one peak per replicate and
 * all its peaks lie within the tolerance of the group's mean: a range that fails is split at its
 * widest relative gap, until every part passes (the strict grouping of MALDIquant's binPeaks).
 */
export function groupPeaks(pooled: readonly PooledPeak[], tolerancePpm: number): Array<[number, number]> {
  const tol = tolerancePpm / 1e6;
  const groups: Array<[number, number]> = [];
  const stack: Array<[number, number]> = pooled.length ? [[0, pooled.length]] : [];
  const seen = new Map<number, number>();
  let stamp = 0;
  while (stack.length) {
    const [from, to] = stack.pop()!;
    let ok = true;
    if (to - from > 1) {
      let mean = 0;
      for (let i = from; i < to; i++) mean += pooled[i]!.mz;
      mean /= to - from;
      stamp++;
      for (let i = from; i < to && ok; i++) {
        const p = pooled[i]!;
        if (Math.abs(p.mz - mean) / mean > tol || seen.get(p.replicate) === stamp) ok = false;
        seen.set(p.replicate, stamp);
      }
    }
    if (ok) {
      groups.push([from, to]);
      continue;
    }
    let cut = from + 1;
    let widest = -1;
    for (let i = from + 1; i < to; i++) {
      const gap = (pooled[i]!.mz - pooled[i - 1]!.mz) / pooled[i - 1]!.mz;
      if (gap > widest) {
        widest = gap;
        cut = i;
      }
    }
    stack.push([cut, to], [from, cut]);
  }
  return groups.sort((a, b) => a[0] - b[0]);
}

/**
 * Merges the peak lists of replicate spectra of one strain into a main spectrum: peaks found in at
 * least `minFrequency` of the replicates, each with its mean m/z, its mean intensity over the
 * replicates that have it, and its frequency. The quality says how well the replicates agree.
 */
export function mergeReplicates(replicates: readonly (readonly Peak[])[], overrides: Partial<MainSpectrumParameters> = {}): MainSpectrum {
  const p = mainSpectrumParameters(overrides);
  const n = replicates.length;
  if (n === 0) throw new RangeError('a main spectrum needs at least one replicate');
  const pooled: PooledPeak[] = [];
  replicates.forEach((peaks, replicate) => {
    for (const peak of peaks) pooled.push({ mz: peak.mz, intensity: peak.intensity, replicate });
  });
  pooled.sort((a, b) => a.mz - b.mz || a.replicate - b.replicate);
  const groups = groupPeaks(pooled, p.groupTolerancePpm);

  type Candidate = MainSpectrumPeak & { members: number[] };
  const candidates: Candidate[] = [];
  for (const [from, to] of groups) {
    let mz = 0;
    let intensity = 0;
    const members: number[] = [];
    for (let i = from; i < to; i++) {
      mz += pooled[i]!.mz;
      intensity += pooled[i]!.intensity;
      members.push(pooled[i]!.replicate);
    }
    const count = to - from;
    // A small epsilon so that 2 of 3 replicates passes a 2/3 threshold despite rounding.
    if (count / n + 1e-9 < p.minFrequency) continue;
    candidates.push({ mz: mz / count, intensity: intensity / count, frequency: count / n, members });
  }
  const kept = [...candidates]
    .sort((a, b) => b.frequency - a.frequency || b.intensity - a.intensity || a.mz - b.mz)
    .slice(0, p.maxPeaks)
    .sort((a, b) => a.mz - b.mz);
  const peaks: MainSpectrumPeak[] = kept.map(({ mz, intensity, frequency }) => ({ mz, intensity, frequency }));

  const found = new Array<number>(n).fill(0);
  for (const c of kept) for (const r of c.members) found[r]!++;
  const agreement = kept.length ? found.reduce((s, f) => s + f / kept.length, 0) / n : 0;
  const replicateScores = replicates.map((own) => explainScore([...own].sort((a, b) => a.mz - b.mz), peaks, p.tolerancePpm).score);
  return {
    peaks,
    quality: {
      replicates: n,
      peaksKept: peaks.length,
      peaksSeen: groups.length,
      agreement,
      replicateScores,
      outliers: replicateScores.flatMap((s, i) => (s < SCORE_BANDS.species ? [i] : [])),
    },
  };
}
