import { z } from 'zod';
import { IDENTIFICATION_METHODS } from '@mdc/core/identify';

export const localized = z.object({ zh: z.string(), en: z.string() });

export const methodSchema = z.enum(IDENTIFICATION_METHODS);
export const taskStatus = z.enum(['running', 'done', 'failed']);

/** A method as people write it: "16s", "Genome", "PROTEOME" all mean the method. */
export const methodParam = z
  .string()
  .transform((value) => IDENTIFICATION_METHODS.find((m) => m.toLowerCase() === value.trim().toLowerCase()) ?? value)
  .pipe(methodSchema);

/** Task ids are 22 URL-safe characters; anything else cannot be a task. */
export const taskIdParam = z.object({ id: z.string().max(64) });

export const call = z.object({
  name: z.string().describe('the taxon the call claims: a species, complex or species group, or at genus level the genus (headlined "<Genus> sp.")'),
  value: z.number().nullable().describe('the method\'s figure: similarity % (16S/18S), ANI % (genome), log score 0–3 (proteome), %ID (biochem)'),
  measure: z.enum(['similarity', 'ani', 'logScore', 'percentId']),
  level: z.string().describe('the level the figure supports, in the method\'s own terms'),
  closest: z.string().nullable().optional().describe('a call above the species (genus, family): its closest species'),
});

export const refusedItem = z.object({ fileName: z.string(), reason: localized });

export const submitResult = z.object({
  id: z.string().describe('the task id; its result page is /blast/res?id=…'),
  method: methodSchema,
  token: z.string().nullable().describe('anonymous submissions only: present it to POST /api/blast/claim after logging in to move the task into that history'),
  status: taskStatus,
  itemCount: z.number().int(),
  sequenceCount: z.number().int().optional().describe('16S/18S: the sequences submitted'),
  tasks: z
    .array(z.object({ id: z.string(), token: z.string().nullable(), fileName: z.string().nullable(), itemCount: z.number().int() }))
    .optional()
    .describe('a batch of files for a method that takes one file a task (genome): every task created, the first being `id`'),
  refused: z
    .array(refusedItem)
    .optional()
    .describe('files of the batch the method refused, each with its reason; nothing of them was stored. Absent when every file was accepted'),
});

export const taskSummary = z.object({
  id: z.string(),
  method: methodSchema,
  marker: z.enum(['16S', '18S']).optional().describe('16S/18S tasks: the marker gene (same as method)'),
  status: taskStatus,
  source: z.enum(['text', 'file']),
  fileName: z.string().nullable(),
  itemCount: z.number().int().describe('sequences, assemblies, spectra or profiles submitted'),
  sequenceCount: z.number().int().describe('same as itemCount (the name of the 16S/18S API)'),
  identifiedCount: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: localized.nullable(),
  call: call.nullable().describe('the call of the first identified item'),
  topHit: z
    .object({ species: z.string(), similarity: z.number(), level: z.string() })
    .nullable()
    .describe('the call as the 16S/18S API names it: the taxon called (a genus at genus level), its figure and level'),
  summary: z.unknown().optional().describe('what the method adds to the call in lists (group members, notes)'),
  refused: z.array(refusedItem).optional().describe('files of the same upload that were refused, with their reasons'),
});

export const taskDetailBase = taskSummary.extend({
  startedAt: z.string().nullable(),
  anonymous: z.boolean().describe('no account owns the task: anyone with the link sees it'),
  job: z
    .object({ status: z.string(), attempts: z.number().int(), maxAttempts: z.number().int() })
    .nullable()
    .describe('the queue job: queued, running (attempt n of max) or finished'),
  reference: z.object({ version: z.string(), count: z.number().int() }).nullable(),
  searchMs: z.number().int().nullable(),
  pdf: z.boolean().describe('whether /export.pdf can be written in the request language; otherwise print the page'),
});

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  method: z
    .string()
    .transform((value) => value.split(',').filter((v) => v.trim()))
    .pipe(z.array(methodParam))
    .optional()
    .describe('one method or several, comma-separated'),
  marker: methodParam.optional().describe('16S or 18S (the older name of the method filter)'),
  status: taskStatus.optional(),
  from: z.iso.date().optional().describe('first day, YYYY-MM-DD (UTC)'),
  to: z.iso.date().optional().describe('last day, YYYY-MM-DD (UTC)'),
});

export const deleteBody = z.object({ token: z.string().max(200).optional().describe('claim token of an anonymous task') }).optional();

export const claimBody = z.object({
  tokens: z.union([z.string(), z.array(z.string())]).describe('claim tokens kept by the browser; repeat the field or separate with commas'),
});

export const methodInfo = z
  .object({
    method: methodSchema,
    references: z.number().int().describe('reference entries (sequences, genomes, spectra, taxa) the method searches'),
    species: z.number().int(),
  })
  .passthrough();
