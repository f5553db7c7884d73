import { z } from 'zod';
import type { CombinedCall, IdentifyParameters, LibraryFreeLevel, LocalizedText, MixtureCall, PreprocessParameters, ProteomeHit, ProteomeLevel } from '@mdc/core/identify/proteome';
import { localized } from '../schemas';

const level = z.enum(['subspecies', 'species', 'genus', 'none']);

export const proteomeHit = z.object({
  rank: z.number().int(),
  entryId: z.string().describe('the library entry: a built-in key (rki:…, yang2018:…), an administrator\'s, or user:<id> for the account\'s own'),
  species: z.string(),
  strain: z.string().optional(),
  source: z.string().describe('where the main spectrum comes from'),
  score: z.number().describe('log score 0–3'),
  level,
  matchedPeaks: z.number().int(),
  queryMatchedShare: z.number().describe('share of the query peaks matched, 0–1'),
  referenceMatchedShare: z.number().describe('share of the main spectrum\'s peaks matched, 0–1'),
  intensityCorrelation: z.number().describe('intensity agreement of the matched peaks, 0–1'),
  own: z.boolean().describe('from the account\'s own library'),
  taxonId: z.string().nullable(),
});

const mixture = z.object({
  species: z.tuple([z.string(), z.string()]),
  secondEntryId: z.string(),
  secondScore: z.number(),
  combinedGain: z.number(),
  unexplainedPeaks: z.number().int(),
  explainedBySecond: z.number().int(),
  text: localized,
});

const libraryFreeCandidate = z.object({
  genus: z.string(),
  species: z.string(),
  score: z.number().describe('on the log-score scale: 1.70 = as rarely reached by random peak lists as 1.70 against the spectral library'),
  evidence: z.number().describe('weighted genes matched above chance, in standard deviations'),
  genesMatched: z.number().int(),
  genesSearched: z.number().int(),
  matches: z.array(z.object({ gene: z.string(), queryMz: z.number(), theoreticalMz: z.number(), weight: z.number() })).describe('the most informative matched genes'),
});

export const libraryFreeSchema = z.object({
  level: z.enum(['genus', 'genus-group', 'none']).describe('library-free evidence reaches genus level at most'),
  genus: z.string().nullable(),
  species: z.array(z.string()).describe('epithets of the species of the genus the peaks cannot separate'),
  genera: z.array(z.string()),
  label: z.string().describe('"Bacillus: toyonensis / anthracis"'),
  score: z.number(),
  text: localized,
  candidates: z.array(libraryFreeCandidate),
});

export const combinedSchema = z.object({
  carriedBy: z.enum(['spectral-library', 'library-free', 'both', 'none']).describe('which evidence the answer rests on'),
  name: z.string(),
  level,
  score: z.number().nullable(),
  text: localized,
});

export const proteomeSpectrum = z.object({
  position: z.number().int().describe('0-based, in the order of the upload (plates: by spot folder)'),
  file: z.string(),
  spot: z.string().nullable(),
  label: z.string().optional().describe('what to call the spectrum: its spot, with the acquisition where one spot was measured several times (F10 · 2)'),
  kind: z.enum(['profile', 'peaks']),
  format: z.enum(['flex', 'mzml', 'mzxml', 'text']),
  points: z.number().int(),
  instrument: z.string().nullable(),
  level,
  call: proteomeHit.nullable(),
  runnerUp: proteomeHit.nullable().describe('the best hit of another species'),
  margin: z.number().nullable(),
  closeRunnerUp: z.boolean(),
  noReliableIdentification: z.boolean(),
  hits: z.array(proteomeHit).describe('the top ten'),
  mixture: mixture.nullable(),
  text: localized.describe('the band and any warnings'),
  refused: z.string().nullable(),
  queryPeaks: z.number().int(),
  peaksDetected: z.number().int(),
  noise: z.number().nullable(),
  notes: z.array(localized),
  sameSpectrum: z.boolean().optional().describe('the query is the spectrum its top entry was built from'),
  libraryFree: libraryFreeSchema.nullable().optional().describe('the library-free path (theoretical protein masses); null when the server has none'),
  combined: combinedSchema.optional().describe('the answer from both paths'),
});

export const proteomeResultSchema = z.object({
  spectra: z.array(proteomeSpectrum),
  parameters: z.object({ preprocess: z.record(z.string(), z.unknown()), identify: z.record(z.string(), z.unknown()) }),
  bands: z.object({ subspecies: z.number(), species: z.number(), genus: z.number() }),
  library: z.object({ entries: z.number().int(), species: z.number().int(), own: z.number().int() }),
  proteins: z.object({ species: z.number().int(), genera: z.number().int(), proteins: z.number().int() }).nullable().optional().describe('the theoretical protein masses of the library-free path'),
  counts: z.object({
    spectra: z.number().int(),
    subspecies: z.number().int(),
    species: z.number().int(),
    genus: z.number().int(),
    none: z.number().int(),
    refused: z.number().int(),
    mixtures: z.number().int(),
    closeRunnerUp: z.number().int(),
  }),
  ms: z.record(z.string(), z.number()),
});

export type ProteomeHitResult = ProteomeHit & { own: boolean; taxonId: string | null };

export interface ProteomeSpectrumResult {
  position: number;
  file: string;
  spot: string | null;
  label?: string;
  kind: 'profile' | 'peaks';
  format: 'flex' | 'mzml' | 'mzxml' | 'text';
  points: number;
  instrument: string | null;
  level: ProteomeLevel;
  call: ProteomeHitResult | null;
  runnerUp: ProteomeHitResult | null;
  margin: number | null;
  closeRunnerUp: boolean;
  noReliableIdentification: boolean;
  hits: ProteomeHitResult[];
  mixture: MixtureCall | null;
  text: LocalizedText;
  refused: string | null;
  queryPeaks: number;
  peaksDetected: number;
  noise: number | null;
  notes: LocalizedText[];
  sameSpectrum?: boolean;
  libraryFree?: LibraryFreeResult | null;
  combined?: CombinedCall;
}

export interface LibraryFreeResult {
  level: LibraryFreeLevel;
  genus: string | null;
  species: string[];
  genera: string[];
  label: string;
  score: number;
  text: LocalizedText;
  /** What the reference searched holds (species and genera with weighted genes). */
  reference?: { species: number; genera: number; proteins: number };
  candidates: Array<{ genus: string; species: string; score: number; evidence: number; genesMatched: number; genesSearched: number; matches: Array<{ gene: string; queryMz: number; theoreticalMz: number; weight: number }> }>;
}

export interface ProteomeTaskResult {
  spectra: ProteomeSpectrumResult[];
  parameters: { preprocess: PreprocessParameters; identify: IdentifyParameters };
  bands: { subspecies: number; species: number; genus: number };
  library: { entries: number; species: number; own: number };
  proteins?: { species: number; genera: number; proteins: number } | null;
  counts: { spectra: number; subspecies: number; species: number; genus: number; none: number; refused: number; mixtures: number; closeRunnerUp: number };
  ms: Record<string, number>;
}

const peak = z.object({ mz: z.number(), intensity: z.number() });
const mainPeak = peak.extend({ frequency: z.number() });

export const explanationSchema = z.object({
  spectrum: z.object({ position: z.number().int(), file: z.string(), spot: z.string().nullable(), kind: z.enum(['profile', 'peaks']) }),
  hit: proteomeHit,
  score: z.number(),
  level,
  queryMatchedShare: z.number(),
  referenceMatchedShare: z.number(),
  intensityCorrelation: z.number(),
  pearson: z.number().nullable(),
  queryPeaks: z.number().int(),
  referencePeaks: z.number().int(),
  tolerancePpm: z.number(),
  matched: z.array(
    z.object({ queryMz: z.number(), queryIntensity: z.number(), referenceMz: z.number(), referenceIntensity: z.number(), referenceFrequency: z.number(), errorPpm: z.number() }),
  ),
  unmatchedQuery: z.array(peak),
  unmatchedReference: z.array(mainPeak),
  profile: z.array(z.tuple([z.number(), z.number()])).nullable().describe('the query\'s processed profile, thinned for drawing'),
  reference: z.object({ entryId: z.string(), species: z.string(), strain: z.string(), origin: z.string(), peaks: z.array(mainPeak) }),
  bands: z.object({ subspecies: z.number(), species: z.number(), genus: z.number() }),
  text: localized.describe('the score in one sentence'),
});

export const libraryEntrySchema = z.object({
  id: z.number().int(),
  entryId: z.string(),
  source: z.enum(['import', 'admin', 'user']),
  species: z.string(),
  strain: z.string(),
  taxonMo: z.string().nullable(),
  origin: z.string(),
  culture: z.string(),
  instrument: z.string(),
  replicates: z.number().int(),
  peakCount: z.number().int(),
  quality: z
    .object({
      replicates: z.number().int(),
      peaksKept: z.number().int(),
      peaksSeen: z.number().int(),
      agreement: z.number(),
      replicateScores: z.array(z.number()),
      outliers: z.array(z.number().int()),
    })
    .nullable(),
  replicateFiles: z.array(z.string()),
  createdAt: z.string(),
  peaks: z.array(mainPeak).optional(),
  parameters: z.unknown().optional(),
});
