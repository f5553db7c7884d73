/**
 * 16S / 18S rRNA gene identification: a word index over a reference set, built once and reused,
 * and a search that aligns each query semi-globally against its best candidates and ranks hits by
 * similarity. Pure: no I/O; worker-thread batching lives in `@mdc/core/identify/rrna/parallel`.
 */
export {
  buildReferenceIndex,
  ReferenceIndexBuilder,
  listWordsOf,
  indexFromData,
  withWordIndex,
  referenceInfo,
  defaultWordLength,
  MAX_WORD_LENGTH,
  type BuildIndexOptions,
  type ReferenceIndex,
  type ReferenceIndexData,
  type ReferenceInfo,
  type ReferenceSequence,
  type ListedWords,
  type SealedReferences,
} from './reference-index';
export { CandidateRecorder, scanCandidates, setScanKernels, withScannedCandidates } from './reference-scan';
export { needsAllWords, onMinusStrand, type CandidateRanking, type CandidateSource } from './candidate-ranking';
export {
  identifySequence,
  identifySequences,
  otherMarkerRefusal,
  distinctWords,
  DEFAULT_CANDIDATES,
  DEFAULT_COMMON_WORD_SHARE,
  DEFAULT_MAX_HITS,
  DEFAULT_MIN_LENGTH,
  NOTABLE_TRIM,
  shownSimilarity,
  tiedSimilarity,
  type Hit,
  type Identification,
  type IdentificationResult,
  type IdentifyOptions,
  type IdentifyQuery,
  type Refusal,
} from './search';
export {
  assessConfidence,
  confidenceName,
  withComplex,
  thresholdsFor,
  DEFAULT_THRESHOLDS,
  THRESHOLDS_18S,
  MARKER_THRESHOLDS,
  THRESHOLD_SOURCES,
  THRESHOLD_SOURCES_18S,
  MARKER_THRESHOLD_SOURCES,
  type AlignedExtent,
  type ThresholdSources,
  type ComplexCall,
  type Confidence,
  type ConfidenceLevel,
  type ConfidenceThresholds,
  type RankedTaxon,
} from './confidence';
export {
  CONFIDENCE_LABELS,
  IDENTIFY_MESSAGES,
  NO_SIMILAR_REFERENCE,
  SIMILARITY_DEFINITION,
  looksLikeProtein,
  explainNotNucleotides,
  textBeforeFirstHeader,
  type NotNucleotides,
  refusalDetail,
  refusalText,
  type RefusalFacts,
  refusalMessageKey,
  type IdentifyMessageKey,
  type Language,
  type LocalizedText,
  type Marker,
  type RefusalReason,
} from './messages';
export {
  DEFAULT_SCORING,
  alignExact,
  alignmentStats,
  bestLocalStretch,
  renderAlignment,
  AlignmentWorkspace,
  CigarBuilder,
  QueryWords,
  SemiGlobalAligner,
  type AlignmentLines,
  type AlignmentScoring,
  type AlignmentStats,
  type SemiGlobalAlignment,
} from './align';
export { encodeNucleotides, decodeNucleotides, reverseComplement } from './alphabet';
export {
  TSV_COLUMNS,
  confidenceLabel,
  formatIdentificationJson,
  formatIdentificationTsv,
  identificationRows,
  type FormatOptions,
  type IdentificationRow,
} from './format';
export { sequenceCall, sequenceHeadline, type CalledResult } from './call';
export { alignmentBlocks, type AlignmentBlock, type AlignmentRow } from './alignment-blocks';
export { findMisfiledReferences, type MisfiledReference } from './misfiled';
export { qualityTrim, DEFAULT_ERROR_LIMIT, type QualityTrim } from './quality-trim';
export { findMisplacedReferences, type MisplacedReference, type MisplacedOptions } from './misplaced';
export {
  assembleReadPair,
  pairReadsByName,
  readDirection,
  MIN_PAIR_IDENTITY,
  MIN_PAIR_OVERLAP,
  MAX_PAIR_READ,
  type ReadDirection,
  type ReadPairAssembly,
  type ReadPairing,
  type ReadPairOutcome,
  type SangerRead,
} from './read-pair';
