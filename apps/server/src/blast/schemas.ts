import { z } from 'zod';
import { MARKERS } from './submission';

export const localized = z.object({ zh: z.string(), en: z.string() });

export const markerSchema = z.enum(MARKERS);
export const taskStatus = z.enum(['running', 'done', 'failed']);
export const confidenceLevel = z.enum(['species', 'species-group', 'genus', 'family', 'none']);

/** Task ids are 22 URL-safe characters; anything else cannot be a task. */
export const taskIdParam = z.object({ id: z.string().max(64) });

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

export const submitResult = z.object({
  id: z.string().describe('the task id; its result page is /blast/res?id=…'),
  token: z.string().nullable().describe('anonymous submissions only: present it to POST /api/blast/claim after logging in to move the task into that history'),
  status: taskStatus,
  sequenceCount: z.number().int(),
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
  queryCoverage: z.number().describe('percent of the query facing reference bases'),
  queryStart: z.number().int(),
  queryEnd: z.number().int(),
  referenceStart: z.number().int(),
  referenceEnd: z.number().int(),
  referenceLength: z.number().int(),
  strand: z.enum(['+', '-']),
  tiedWithTop: z.boolean(),
  taxonId: z.string().nullable().describe('/resource/taxon/:id of the species, when the taxonomy knows it'),
});

export const confidence = z.object({
  level: confidenceLevel,
  names: z.array(z.string()).describe('the species, the tied species of a group, or the genera/families named'),
  similarity: z.number(),
  margin: z.number().nullable().describe('percentage points to the best other species'),
  nextSpecies: z.string().optional(),
});

export const sequenceResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    queryLength: z.number().int(),
    strand: z.enum(['+', '-']),
    confidence,
    hits: z.array(hit).describe('the top hit first, then its ties, then other hits with distinct species first'),
    tiedSpecies: z.array(z.string()),
    tiedHits: z.number().int(),
    aligned: z.number().int().describe('references aligned for this query'),
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
  result: sequenceResult.nullable().describe('null while the task runs'),
});

export const topHit = z.object({
  species: z.string(),
  similarity: z.number(),
  level: confidenceLevel,
});

export const taskSummary = z.object({
  id: z.string(),
  marker: markerSchema,
  status: taskStatus,
  source: z.enum(['text', 'file']),
  fileName: z.string().nullable(),
  sequenceCount: z.number().int(),
  identifiedCount: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: localized.nullable(),
  topHit: topHit.nullable().describe('top hit of the first identified sequence'),
});

export const thresholds = z.object({
  species: z.number(),
  genus: z.number(),
  family: z.number(),
  speciesMargin: z.number(),
  minSimilarity: z.number(),
});

export const taskDetail = taskSummary.extend({
  startedAt: z.string().nullable(),
  anonymous: z.boolean().describe('no account owns the task: anyone with the link sees it'),
  job: z
    .object({ status: z.string(), attempts: z.number().int(), maxAttempts: z.number().int() })
    .nullable()
    .describe('the queue job: queued, running (attempt n of max) or finished'),
  reference: z.object({ version: z.string(), count: z.number().int() }).nullable(),
  searchMs: z.number().int().nullable(),
  pdf: z.boolean().describe('whether /export.pdf can be written in the request language; otherwise print the page'),
  sequences: z.array(taskSequence),
});

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  marker: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(markerSchema)
    .optional(),
  status: taskStatus.optional(),
  from: z.iso.date().optional().describe('first day, YYYY-MM-DD (UTC)'),
  to: z.iso.date().optional().describe('last day, YYYY-MM-DD (UTC)'),
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

export const deleteBody = z.object({ token: z.string().max(200).optional().describe('claim token of an anonymous task') }).optional();

export const claimBody = z.object({
  tokens: z.union([z.string(), z.array(z.string())]).describe('claim tokens kept by the browser; repeat the field or separate with commas'),
});

export const info = z.object({
  markers: z.array(z.object({ marker: markerSchema, references: z.number().int(), species: z.number().int() })),
  thresholds,
  thresholdSources: z.record(z.string(), z.string()),
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
