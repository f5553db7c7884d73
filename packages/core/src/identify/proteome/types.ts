/** Texts in both languages, zh first as the portal's default. */
export type LocalizedText = Readonly<{ zh: string; en: string }>;

/**
 * A mass spectrum as read from a file: m/z strictly increasing, intensities ≥ 0.
 * `kind` says whether it is a raw profile (thousands of points, one per time-of-flight sample)
 * or a peak list (tens to a few hundred centroids) — the two take different paths through the pipeline.
 */
export interface SpectrumInput {
  mz: ArrayLike<number>;
  intensity: ArrayLike<number>;
  kind: 'profile' | 'peaks';
}

/** A profile in the middle of the pipeline. */
export interface Profile {
  mz: Float64Array;
  intensity: Float64Array;
}

/** One detected peak. `snr` is the height over the noise estimate (absent for peaks read from a list). */
export interface Peak {
  mz: number;
  intensity: number;
  snr?: number;
}

/** A peak of a main spectrum (MSP): means over the replicates that have it, and the share that do. */
export interface MainSpectrumPeak {
  mz: number;
  intensity: number;
  /** Share of replicates in which the peak was found, 0–1. */
  frequency: number;
}

/** How well the replicates of a main spectrum agree, for a library page. */
export interface MainSpectrumQuality {
  /** Replicate spectra merged. */
  replicates: number;
  /** Peaks kept in the main spectrum. */
  peaksKept: number;
  /** Peak groups seen in at least one replicate (kept or not). */
  peaksSeen: number;
  /** Mean over replicates of the share of the main spectrum's peaks found in that replicate, 0–1. */
  agreement: number;
  /** Each replicate's log score against the finished main spectrum (same order as the input). */
  replicateScores: number[];
  /** Replicates that score below 2.00 against their own main spectrum: worth re-measuring. */
  outliers: number[];
}

export interface MainSpectrum {
  peaks: MainSpectrumPeak[];
  quality: MainSpectrumQuality;
}

/** One library entry: a main spectrum of a named strain (or species consensus). */
export interface LibraryEntry {
  /** Stable identifier, unique in a library (e.g. `yang2018:Ec`, `rki:LMTG73E12_0`, a database id). */
  id: string;
  species: string;
  strain?: string;
  /** Where the entry comes from (data set, lab library), shown with hits. */
  source: string;
  peaks: MainSpectrumPeak[];
  quality?: MainSpectrumQuality;
}
