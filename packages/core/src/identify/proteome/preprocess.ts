import {
  detectPeaks,
  estimateNoiseMad,
  normaliseTic,
  smoothSavitzkyGolay,
  snipBaseline,
  stabiliseVariance,
  strongestPeaks,
  subtractBaseline,
  topHatBaseline,
  trimProfile,
} from './steps';
import type { Peak, Profile, SpectrumInput } from './types';

/**
 * Parameters of the pipeline. The defaults are MALDIquant's for linear-mode bacterial spectra
 * (sqrt, Savitzky–Golay with a half window of 10 points and a cubic, SNIP with 100 iterations, TIC,
 * MAD noise, local maxima over ±20 points) with the Biotyper's m/z range and query peak count.
 * Every result carries the parameters it was made with.
 */
export interface PreprocessParameters {
  /** Variance stabilisation of the intensities. Default `sqrt`. */
  transform: 'sqrt' | 'none';
  /** Smoothing. Default `savitzky-golay`. */
  smoothing: 'savitzky-golay' | 'none';
  /** Savitzky–Golay half window, in points. Default 10 (21 points, about 10 Da at 5,000 m/z in linear mode). */
  smoothingHalfWindow: number;
  /** Savitzky–Golay polynomial degree. Default 3. */
  smoothingOrder: number;
  /** Baseline removal. Default `snip`; `tophat` is the morphological alternative. */
  baseline: 'snip' | 'tophat' | 'none';
  /** SNIP iterations (largest clipping window, in points). Default 100. */
  snipIterations: number;
  /** TopHat half window, in points. Default 100. */
  topHatHalfWindow: number;
  /** Intensity normalisation. Default `tic` (over the analysed range). */
  normalisation: 'tic' | 'none';
  /** Lowest m/z analysed. Default 2,000 (below: matrix and fragments). */
  mzFrom: number;
  /** Highest m/z analysed. Default 20,000 (above: few, broad ribosomal-protein peaks). */
  mzTo: number;
  /** Peak detection half window, in points. Default 20. */
  peakHalfWindow: number;
  /** Signal-to-noise ratio a peak must exceed (noise: MAD). Default 3. */
  snr: number;
  /** Most intense peaks kept per spectrum. Default 100, as the Biotyper's query spectra. */
  maxPeaks: number;
}

export const DEFAULT_PREPROCESS: Readonly<PreprocessParameters> = Object.freeze({
  transform: 'sqrt',
  smoothing: 'savitzky-golay',
  smoothingHalfWindow: 10,
  smoothingOrder: 3,
  baseline: 'snip',
  snipIterations: 100,
  topHatHalfWindow: 100,
  normalisation: 'tic',
  mzFrom: 2000,
  mzTo: 20000,
  peakHalfWindow: 20,
  snr: 3,
  maxPeaks: 100,
});

export class ProteomeParameterError extends RangeError {
  constructor(readonly parameter: string, message: string) {
    super(`${parameter}: ${message}`);
    this.name = 'ProteomeParameterError';
  }
}

function wholeAtLeast(p: PreprocessParameters, key: keyof PreprocessParameters, min: number): void {
  const v = p[key];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw new ProteomeParameterError(key, `must be a whole number ≥ ${min}`);
}

/** Defaults overlaid with `overrides`, checked. */
export function preprocessParameters(overrides: Partial<PreprocessParameters> = {}): PreprocessParameters {
  const p: PreprocessParameters = { ...DEFAULT_PREPROCESS };
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) (p as unknown as Record<string, unknown>)[k] = v;
  if (!['sqrt', 'none'].includes(p.transform)) throw new ProteomeParameterError('transform', 'must be sqrt or none');
  if (!['savitzky-golay', 'none'].includes(p.smoothing)) throw new ProteomeParameterError('smoothing', 'must be savitzky-golay or none');
  if (!['snip', 'tophat', 'none'].includes(p.baseline)) throw new ProteomeParameterError('baseline', 'must be snip, tophat or none');
  if (!['tic', 'none'].includes(p.normalisation)) throw new ProteomeParameterError('normalisation', 'must be tic or none');
  wholeAtLeast(p, 'smoothingHalfWindow', 1);
  wholeAtLeast(p, 'smoothingOrder', 0);
  if (p.smoothingOrder >= 2 * p.smoothingHalfWindow + 1) throw new ProteomeParameterError('smoothingOrder', 'must be below the window size');
  wholeAtLeast(p, 'snipIterations', 1);
  wholeAtLeast(p, 'topHatHalfWindow', 1);
  wholeAtLeast(p, 'peakHalfWindow', 1);
  wholeAtLeast(p, 'maxPeaks', 1);
  if (!(Number.isFinite(p.mzFrom) && Number.isFinite(p.mzTo) && p.mzFrom >= 0 && p.mzTo > p.mzFrom)) {
    throw new ProteomeParameterError('mzFrom', 'the m/z range must satisfy 0 ≤ mzFrom < mzTo');
  }
  if (!(Number.isFinite(p.snr) && p.snr >= 0)) throw new ProteomeParameterError('snr', 'must be a number ≥ 0');
  return p;
}

/** A processed profile thinned for drawing: at most `points` points, each bin's highest kept. */
export function thinProfile(p: Profile, points: number): Profile {
  const n = p.mz.length;
  if (n <= points) return p;
  const bins = Math.max(1, Math.floor(points / 2));
  const mz: number[] = [];
  const y: number[] = [];
  for (let b = 0; b < bins; b++) {
    const from = Math.floor((b * n) / bins);
    const to = Math.floor(((b + 1) * n) / bins);
    // Keep the lowest and highest point of each bin in m/z order, so peaks and valleys both show.
    let lo = from;
    let hi = from;
    for (let i = from; i < to; i++) {
      if (p.intensity[i]! < p.intensity[lo]!) lo = i;
      if (p.intensity[i]! > p.intensity[hi]!) hi = i;
    }
    for (const i of lo <= hi ? [lo, hi] : [hi, lo]) {
      if (mz.length && mz[mz.length - 1] === p.mz[i]) continue;
      mz.push(p.mz[i]!);
      y.push(p.intensity[i]!);
    }
  }
  return { mz: Float64Array.from(mz), intensity: Float64Array.from(y) };
}

export interface PreprocessedSpectrum {
  kind: 'profile' | 'peaks';
  /** At most `maxPeaks` peaks in m/z order. */
  peaks: Peak[];
  /** Noise level (MAD) of the processed profile; null for peak lists. */
  noise: number | null;
  /** Peaks above the signal-to-noise threshold before the strongest were kept. */
  peaksDetected: number;
  parameters: PreprocessParameters;
  /** The processed profile, thinned for drawing, when asked for (plain arrays: ready for JSON). */
  profile?: { mz: number[]; intensity: number[] };
}

export interface PreprocessOptions {
  /** Return the processed profile thinned to this many points (for the spectrum picture). */
  keepProfile?: number;
}

/** The profile steps in order; exported so that a page or a test can show each stage. */
export function processProfile(input: Profile, p: PreprocessParameters): Profile {
  let profile = input;
  if (p.transform === 'sqrt') profile = stabiliseVariance(profile);
  if (p.smoothing === 'savitzky-golay') profile = smoothSavitzkyGolay(profile, p.smoothingHalfWindow, p.smoothingOrder);
  if (p.baseline === 'snip') profile = subtractBaseline(profile, snipBaseline(profile.intensity, p.snipIterations));
  else if (p.baseline === 'tophat') profile = subtractBaseline(profile, topHatBaseline(profile.intensity, p.topHatHalfWindow));
  if (p.normalisation === 'tic') profile = normaliseTic(profile, p.mzFrom, p.mzTo).profile;
  return trimProfile(profile, p.mzFrom, p.mzTo);
}

/**
 * Raw spectrum → peaks. A profile runs every step; a peak list (already centroided by other
 * software) is only trimmed to the range, put on the same intensity scale (square root, then
 * divided by the sum, the peak-list analogue of TIC) and cut to the strongest peaks.
 */
export function preprocessSpectrum(
  spectrum: SpectrumInput,
  overrides: Partial<PreprocessParameters> = {},
  options: PreprocessOptions = {},
): PreprocessedSpectrum {
  const parameters = preprocessParameters(overrides);
  if (spectrum.mz.length !== spectrum.intensity.length) throw new RangeError('m/z and intensity arrays differ in length');
  if (spectrum.kind === 'peaks') {
    const peaks: Peak[] = [];
    for (let i = 0; i < spectrum.mz.length; i++) {
      const mz = spectrum.mz[i]!;
      const raw = spectrum.intensity[i]!;
      if (mz < parameters.mzFrom || mz > parameters.mzTo || !(raw > 0)) continue;
      peaks.push({ mz, intensity: parameters.transform === 'sqrt' ? Math.sqrt(raw) : raw });
    }
    if (parameters.normalisation === 'tic') {
      const total = peaks.reduce((s, q) => s + q.intensity, 0);
      if (total > 0) for (const q of peaks) q.intensity /= total;
    }
    return { kind: 'peaks', peaks: strongestPeaks(peaks, parameters.maxPeaks), noise: null, peaksDetected: peaks.length, parameters };
  }
  const processed = processProfile({ mz: Float64Array.from(spectrum.mz), intensity: Float64Array.from(spectrum.intensity) }, parameters);
  const noise = estimateNoiseMad(processed.intensity);
  const detected = detectPeaks(processed, parameters.peakHalfWindow, parameters.snr, noise);
  const result: PreprocessedSpectrum = {
    kind: 'profile',
    peaks: strongestPeaks(detected, parameters.maxPeaks),
    noise,
    peaksDetected: detected.length,
    parameters,
  };
  if (options.keepProfile) {
    const thin = thinProfile(processed, options.keepProfile);
    result.profile = { mz: Array.from(thin.mz), intensity: Array.from(thin.intensity) };
  }
  return result;
}
