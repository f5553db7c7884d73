import { mergeReplicates, type MainSpectrumParameters } from './main-spectrum';
import { preprocessSpectrum, type PreprocessParameters } from './preprocess';
import type { LibraryEntry, SpectrumInput } from './types';

export interface LibraryEntryInput {
  id: string;
  species: string;
  strain?: string;
  source: string;
}

export interface BuildEntryOptions {
  preprocess?: Partial<PreprocessParameters>;
  mainSpectrum?: Partial<MainSpectrumParameters>;
}

/**
 * A library entry from replicate spectra of one strain: each replicate is preprocessed, the peak
 * lists merge into a main spectrum, and the entry keeps its quality (peaks kept, replicate agreement,
 * each replicate's score against the result) for the library page.
 */
export function buildLibraryEntry(meta: LibraryEntryInput, replicates: readonly SpectrumInput[], options: BuildEntryOptions = {}): LibraryEntry {
  if (replicates.length === 0) throw new RangeError(`${meta.id}: a library entry needs at least one spectrum`);
  const peakLists = replicates.map((s) => preprocessSpectrum(s, options.preprocess).peaks);
  const main = mergeReplicates(peakLists, options.mainSpectrum);
  const entry: LibraryEntry = { id: meta.id, species: meta.species, source: meta.source, peaks: main.peaks, quality: main.quality };
  if (meta.strain !== undefined) entry.strain = meta.strain;
  return entry;
}
