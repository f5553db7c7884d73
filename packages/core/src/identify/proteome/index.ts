/**
 * Proteome (MALDI-TOF) identification: spectra → peaks (MALDIquant-style steps) → main spectra of
 * replicates → Biotyper-style log scores with their explanation, runner-up and mixture detection.
 * Pure: no I/O; readers live in `@mdc/refdata/maldi`.
 */
export type { LibraryEntry, LocalizedText, MainSpectrum, MainSpectrumPeak, MainSpectrumQuality, Peak, Profile, SpectrumInput } from './types';
export {
  apexMz,
  detectPeaks,
  estimateNoiseMad,
  localMaxima,
  median,
  normaliseTic,
  runningExtreme,
  savitzkyGolayWeights,
  smoothSavitzkyGolay,
  snipBaseline,
  stabiliseVariance,
  strongestPeaks,
  subtractBaseline,
  topHatBaseline,
  totalIonCurrent,
  trimProfile,
} from './steps';
export {
  DEFAULT_PREPROCESS,
  preprocessParameters,
  preprocessSpectrum,
  processProfile,
  ProteomeParameterError,
  thinProfile,
  type PreprocessedSpectrum,
  type PreprocessOptions,
  type PreprocessParameters,
} from './preprocess';
export { DEFAULT_MAIN_SPECTRUM, groupPeaks, mainSpectrumParameters, mergeReplicates, type MainSpectrumParameters } from './main-spectrum';
export {
  DEFAULT_TOLERANCE_PPM,
  explainScore,
  intensityCorrelation,
  LEVEL_TEXTS,
  levelOfScore,
  logScore,
  logScoreOf,
  matchPeaks,
  pearson,
  roundScore,
  SCORE_BANDS,
  type MatchedPeak,
  type ProteomeLevel,
  type ScoreExplanation,
} from './score';
export {
  DEFAULT_IDENTIFY,
  identifyParameters,
  identifyPeaks,
  identifySpectrum,
  OWN_REPLICATE_SLACK,
  sameSpectrum,
  speciesFloorOf,
  type CalibratedBand,
  type IdentifyParameters,
  type MixtureCall,
  type ProteomeHit,
  type ProteomeIdentification,
  type ProteomeRefusal,
  type SpectrumIdentification,
} from './identify';
export { buildLibraryEntry, type BuildEntryOptions, type LibraryEntryInput } from './library';
export {
  ABUNDANT_GENES,
  buildProteinReference,
  DEFAULT_LIBRARY_FREE,
  geneWeight,
  identifyLibraryFree,
  libraryFreeParameters,
  libraryFreeScore,
  METHIONINE_RESIDUE_MASS,
  PROTON_MASS,
  type GeneWeights,
  type LibraryFreeIdentification,
  type LibraryFreeLevel,
  type LibraryFreeParameters,
  type ProteinMass,
  type ProteinReference,
  type SpeciesEvidence,
} from './library-free';
export { answerCall, answerList, combineEvidence, type AnswerListRow, type CombinedCall, type EvidenceSource } from './combine';
export { spectrumLabels } from './labels';
