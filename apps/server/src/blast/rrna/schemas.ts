import { z } from 'zod';
import { localized } from '../schemas';
import { MARKERS } from './submission';

export const markerSchema = z.enum(MARKERS);
export const confidenceLevel = z.enum(['species', 'species-group', 'genus', 'family', 'none']);

/** A 16S/18S submission: pasted text or the text of an uploaded FASTA file. */
export const submitBody = z.object({
  marker: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(markerSchema)
    .describe('16S or 18S'),
  sequence: z.string().optional().describe('pasted text: one or more FASTA records, or a bare sequence'),
  file: z.string().optional().describe('content of an uploaded .fasta file (used instead of `sequence` when given)'),
  fileName: z.string().max(255).optional(),
});

export const hit = z.object({
  rank: z.number().int(),
  accession: z.string(),
  species: z.string(),
  genus: z.string(),
  family: z.string(),
  lineage: z.array(z.string()).describe('kingdom … genus'),
  description: z.string(),
  similarity: z.number().describe('percent: identical columns / alignment columns (see similarityDefinition)'),
  alignedLength: z.number().int().describe('alignment columns'),
  identical: z.number().int(),
  mismatches: z.number().int().describe('bp'),
  gaps: z.number().int().describe('gap columns, bp'),
  gapOpens: z.number().int(),
  ambiguous: z.number().int().describe('columns where an ambiguity code faces a base it may stand for'),
  score: z.number(),
  queryCoverage: z.number().describe('percent of the submitted (quality-trimmed) sequence facing reference bases'),
  queryStart: z.number().int().describe('1-based start of the aligned stretch in the submitted sequence (greater than queryEnd on the minus strand)'),
  queryEnd: z.number().int(),
  referenceStart: z.number().int(),
  referenceEnd: z.number().int(),
  referenceLength: z.number().int(),
  strand: z.enum(['+', '-']),
  tiedWithTop: z.boolean(),
  depositedSpecies: z.string().optional().describe('the label the reference was deposited under, when `species` is its accepted name and differs'),
  taxonId: z.string().nullable().describe('/resource/taxon/:id of the species, when the taxonomy knows it'),
});

export const confidence = z.object({
  level: confidenceLevel,
  names: z.array(z.string()).describe('the species, the tied species of a group, or the genera/families named'),
  similarity: z.number(),
  margin: z.number().nullable().describe('percentage points to the best other species'),
  nextSpecies: z.string().optional(),
  coverage: z.number().optional().describe('percent of the sequence aligned with the top hit'),
  limitedBy: z.enum(['coverage', 'aligned-length', 'genera']).optional().describe('why the level is lower than the similarity alone supports (genera: the species within the margin span genera)'),
  similarityLevel: confidenceLevel.optional().describe('the level the similarity alone supports, when limitedBy lowered it'),
  groupSpecies: z.array(z.string()).optional().describe('the species within the margin, when they span genera'),
  complex: z
    .object({ id: z.string(), name: z.string(), zh: z.string(), settles: z.object({ zh: z.string(), en: z.string() }) })
    .optional()
    .describe('the species complex named instead of its species, which the gene cannot split (level species; names are the members found)'),
});

export const region = z
  .object({ start: z.number().int(), end: z.number().int(), trimmedStart: z.number().int(), trimmedEnd: z.number().int() })
  .describe('the stretch identified (1-based, inclusive) and the unalignable bases left out before and after it');

const trace = z.object({
  fileName: z.string(),
  sampleName: z.string().nullable(),
  baseTag: z.string(),
  qualityTag: z.string().nullable(),
  calledLength: z.number().int().describe('base calls in the trace'),
  qualityTrim: z
    .object({ start: z.number().int(), end: z.number().int(), trimmedStart: z.number().int(), trimmedEnd: z.number().int(), errorLimit: z.number(), meanQuality: z.number() })
    .nullable()
    .describe('Mott trimming by quality: the kept calls (0-based start, exclusive end); null without quality values'),
});

export const read = trace
  .extend({
    source: z.literal('ab1'),
    pair: z
      .object({
        reverse: trace,
        overlapLength: z.number().int().describe('alignment columns where both reads lie'),
        identity: z.number().describe('percent identical columns of the overlap'),
        mismatches: z.number().int(),
        gaps: z.number().int(),
        resolved: z.number().int().describe('overlap columns where the reads disagreed and quality decided'),
        consensusLength: z.number().int(),
        meanQuality: z.number().describe('mean Phred quality of the consensus'),
      })
      .optional()
      .describe('the sequence is the consensus of this forward read and its reverse read'),
    unpaired: z
      .object({ partner: z.string(), overlapLength: z.number().int(), identity: z.number() })
      .optional()
      .describe('this read was named as one of a pair, but the two do not overlap: identified alone'),
  })
  .describe('a Sanger chromatogram (.ab1): where the sequence came from, what quality trimming cut, and its pair');

export const sequenceResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    queryLength: z.number().int(),
    strand: z.enum(['+', '-']),
    confidence,
    hits: z.array(hit).describe('the top hit first, then its ties, then the other hits by similarity (which are listed favours species not yet listed)'),
    tiedSpecies: z.array(z.string()),
    tiedHits: z.number().int(),
    aligned: z.number().int().describe('references aligned for this query'),
    region: region.optional(),
  }),
  z.object({
    ok: z.literal(false),
    queryLength: z.number().int(),
    reason: z.string(),
    message: localized,
    detail: localized,
    bestSimilarity: z.number().optional(),
  }),
]);

export const taskSequence = z.object({
  position: z.number().int(),
  queryId: z.string(),
  description: z.string(),
  length: z.number().int(),
  read: read.nullable().optional(),
  result: sequenceResult.nullable().describe('null while the task runs'),
});

export const thresholds = z.object({
  species: z.number(),
  genus: z.number(),
  family: z.number(),
  speciesMargin: z.number(),
  minCoverage: z.number(),
  minSimilarity: z.number(),
});

export const detailQuery = z.object({
  sort: z.enum(['rank', 'similarity', 'score']).default('rank').describe('order of the hits: engine rank, or similarity / score, highest first'),
});

export const alignmentQuery = z.object({
  position: z.coerce.number().int().min(1).describe('1-based sequence of the task'),
  rank: z.coerce.number().int().min(1).describe('rank of the hit'),
});

export const alignment = z.object({
  query: z.string(),
  match: z.string().describe('| identical, : ambiguity code compatible with the base, space for a mismatch or gap'),
  reference: z.string(),
  queryStart: z.number().int(),
  queryEnd: z.number().int(),
  referenceStart: z.number().int(),
  referenceEnd: z.number().int(),
  strand: z.enum(['+', '-']),
});

/** The 16S/18S part of GET /api/blast/info (its original fields). */
export const info = z.object({
  markers: z.array(z.object({ marker: markerSchema, references: z.number().int(), species: z.number().int() })),
  thresholds: thresholds.describe('16S thresholds (markerThresholds has each marker\'s)'),
  thresholdSources: z.record(z.string(), z.string()),
  markerThresholds: z.object({ '16S': thresholds, '18S': thresholds }),
  markerThresholdSources: z.object({ '16S': z.record(z.string(), z.string()), '18S': z.record(z.string(), z.string()) }),
  errorLimit: z.number().describe('error probability limit of the quality trimming of .ab1 traces'),
  similarityDefinition: localized,
  confidenceLabels: z.record(z.string(), localized),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  maxSequences: z.number().int(),
});

export const sampleQuery = z.object({
  marker: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(markerSchema),
});
