import type { LocalizedText, SpectrumInput } from '@mdc/core/identify/proteome';

export type SpectrumFormat = 'flex' | 'mzml' | 'mzxml' | 'text';

/** A spectrum as read from a file: checked (m/z positive and strictly increasing, finite values). */
export interface MaldiSpectrum extends SpectrumInput {
  mz: Float64Array;
  intensity: Float64Array;
  /** Raw profile or peak list, and how the reader told (see `notes`). */
  kind: 'profile' | 'peaks';
  format: SpectrumFormat;
  /** The file as the user knows it: a file name, a folder, or `plate.zip:0_A1/1/1SLin`. */
  file: string;
  /** Target position when the file says (Bruker SPOTNO, mzML spotID, a `0_A1` folder). */
  spot?: string;
  /** What the reader noticed and accepted, e.g. negative intensities set to zero. */
  notes: LocalizedText[];
  /** Acquisition details worth showing (instrument, date, laser shots, calibration constants …). */
  metadata: Record<string, string | number>;
}

/** Size limits of the readers. Real files are far below them; they stop hostile ones early. */
export interface SpectrumLimits {
  /** `.spectrum` text upload (the seed's format). */
  spectrumFile: number;
  /** `.txt`, `.csv`, `.tsv` text. */
  textFile: number;
  /** `.mzML` and `.mzXML`. */
  mzmlFile: number;
  /** Bruker `fid`. */
  fidFile: number;
  /** Bruker `acqu`. */
  acquFile: number;
  /** A zip as uploaded. */
  zipFile: number;
  /** Bytes unpacked from one zip, all spectrum files together. */
  zipUnpacked: number;
  /** Entries in one zip's directory. */
  zipEntries: number;
  /** Largest unpacked/packed ratio accepted for an entry over 1 MB unpacked. */
  zipRatio: number;
  /** Spectra in one zip (a 1536-spot target is the largest Bruker makes). */
  zipSpectra: number;
  /** Points in one spectrum. */
  points: number;
  /**
   * Data points of all the spectra in one zip together (spots × points per spot), counted on the
   * zip's directory before anything is unpacked: every point becomes two 8-byte numbers and their
   * processed copies, so this, not the unpacked bytes, bounds a plate's memory.
   */
  zipPoints: number;
}

export const DEFAULT_LIMITS: Readonly<SpectrumLimits> = Object.freeze({
  spectrumFile: 300 * 1024,
  // A raw profile as text is about 0.3–0.7 MB (33,000 points in the RKI files).
  textFile: 8 * 1024 * 1024,
  // A raw profile as mzML is 0.24–0.45 MB; 64-bit uncompressed arrays of 100,000 points stay under 3 MB.
  mzmlFile: 32 * 1024 * 1024,
  // Linear-mode fids hold 20,000–60,000 int32 values (80–240 KB); reflector mode up to a few hundred thousand.
  fidFile: 8 * 1024 * 1024,
  acquFile: 1024 * 1024,
  zipFile: 256 * 1024 * 1024,
  zipUnpacked: 768 * 1024 * 1024,
  zipEntries: 100_000,
  zipRatio: 200,
  zipSpectra: 1536,
  points: 2_000_000,
  // A 384-spot target of linear-mode spectra (60,000 points each) is 23 million points; a 96-spot
  // plate of 8 MB fids (2 million points each, 106:1 compressible) would be 192 million, about 5 GB
  // once read and processed.
  zipPoints: 24_000_000,
});
