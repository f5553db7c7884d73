/**
 * Whole-genome identification: seed sketches of assemblies (FracMinHash of canonical 16-mers with
 * positions), screening of a reference library by shared hashes, fastANI-style ANI with aligned
 * fractions, the species / genus / none call, assembly QC, and the 16S copies inside the genome.
 * Pure: no I/O; reading FASTA files is `@mdc/refdata/genome`.
 */
export {
  KMER,
  SEED_DENSITY,
  SCREEN_DENSITY,
  FRAGMENT_LENGTH,
  sketchGenome,
  sketchFasta,
  sortByHash,
  sharedArrays,
  asQuery,
  fragmentCount,
  screeningHashes,
  SEED_LIMIT,
  SCREEN_LIMIT,
  mix32,
  type GenomeSequence,
  type SeedSketch,
  type FastaSketch,
  type SeedArrays,
  type QuerySketch,
} from './sketch';
export { compareGenomes, DEFAULT_ANI_OPTIONS, type AniOptions, type GenomeComparison } from './ani';
export { GenomeLibrary, ScreeningIndex, genusOf, type GenomeReference } from './library';
export { assemblyStats, assessAssembly, QC_LIMITS, type AssemblyStats, type SpeciesRange, type QcReport, type QcFinding, type ContaminationHint } from './qc';
export {
  identifyGenome,
  prepareQuery,
  callFromHits,
  calledName,
  GENOME_THRESHOLDS,
  GENOME_THRESHOLD_SOURCES,
  DEFAULT_GENOME_OPTIONS,
  type GenomeCall,
  type GenomeHit,
  type GenomeIdentification,
  type GenomeLevel,
  type GenomeNote,
  type GenomeNoteCode,
  type GenomeQuery,
  type IdentifyGenomeOptions,
} from './identify';
export { find16SCopies, copyIdentity, type RrnaCopy } from './ribosomal';
export { packSequence, unpackSequence } from './pack';
export type { GenomeReport, GenomeResistanceReport, GenomeTypingReport, ResistanceGeneReport, ResistanceMutationReport, RrnaCopyReport } from './report';
