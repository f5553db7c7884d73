import { perImport, scanByKey } from '../reference-counts';
import { rrnaCommand } from './command';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode } from '@mdc/contracts';
import {
  CONFIDENCE_LABELS,
  DEFAULT_ERROR_LIMIT,
  DEFAULT_MIN_LENGTH,
  DEFAULT_THRESHOLDS,
  MARKER_THRESHOLDS,
  MARKER_THRESHOLD_SOURCES,
  SIMILARITY_DEFINITION,
  THRESHOLD_SOURCES,
  otherMarkerRefusal,
  type Hit,
  type IdentificationResult,
  refusalText,
} from '@mdc/core/identify/rrna';
import { ApiError, ok } from '../../http/envelope';
import { describeIssue } from '../../http/errors';
import { envelopeOf } from '../../http/openapi';
import { findTask } from '../http';
import type { BlastMethod, MethodContext } from '../method';
import { taskIdParam } from '../schemas';
import type { TaskRow } from '../tasks';
import { NoReferencesError } from './engine';
import { closeEngine, engineFor, noReferencesText } from './engine-registry';
import { drawPdf } from '../../reports/pdf-pool';
import { resultCsv } from './report';
import { alignment, alignmentQuery, detailQuery, info, sampleQuery, taskSequence } from './schemas';
import { sequenceOutcome, storeSequences, taskSequences, type SequenceRow, type StoredResult } from './store';
import { MAX_FILE_BYTES, MAX_SEQUENCES, MAX_SEQUENCE_LENGTH, MARKERS, checkFiles, checkSubmission, type Marker, type Pairing } from './submission';

const tags = ['blast'];

type Sort = z.infer<typeof detailQuery>['sort'];

function sortHits(hits: Hit[], sort: Sort): Hit[] {
  if (sort === 'rank') return hits;
  const key = sort === 'similarity' ? (h: Hit) => h.similarity : (h: Hit) => h.score;
  return [...hits].sort((a, b) => key(b) - key(a) || a.rank - b.rank);
}

/** A stored result for the page: hits without their alignments (fetched one at a time), each with its taxon id. */
function publicResult(result: StoredResult | null, sort: Sort) {
  if (!result) return null;
  if (!result.ok) {
    const { ok: _ok, queryLength, reason, message, detail, bestSimilarity } = result;
    return { ok: false as const, queryLength, reason, message, detail, ...(bestSimilarity !== undefined ? { bestSimilarity } : {}) };
  }
  const taxonIds = result.taxonIds ?? {};
  const hits = sortHits(result.hits, sort).map(({ alignment: _alignment, ...hit }) => ({ ...hit, taxonId: taxonIds[hit.accession] ?? null }));
  return {
    ok: true as const,
    queryLength: result.queryLength,
    strand: result.strand,
    confidence: result.confidence,
    hits,
    tiedSpecies: result.tiedSpecies,
    tiedHits: result.tiedHits,
    aligned: result.aligned,
    // Results stored before trimming existed have no region.
    ...(result.region ? { region: result.region } : {}),
  };
}

function sequenceOf(row: SequenceRow, sort: Sort) {
  return { position: Number(row.position), queryId: row.query_id, description: row.description, length: Number(row.length), read: row.read ?? null, result: publicResult(row.result, sort) };
}

async function referenceCount(context: MethodContext, marker: Marker): Promise<number> {
  const rows = await context.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identification_reference WHERE marker = $1', [marker]);
  return Number(rows[0]?.n ?? 0);
}

/** 16S/18S endpoints of their own: a sample sequence to try, and one hit's alignment. */
const routes: FastifyPluginAsyncZod<{ context: MethodContext }> = async (app, { context }) => {
  const { db } = context;
  app.get(
    '/api/blast/sample',
    {
      schema: {
        tags,
        summary: 'A sample sequence to try the identification with: a reference sequence of a well-known species, ends trimmed',
        querystring: sampleQuery,
        response: { 200: envelopeOf(z.object({ marker: z.string(), species: z.string(), accession: z.string(), fasta: z.string() })) },
      },
    },
    async (request, reply) => {
      const marker = request.query.marker;
      const preferred = marker === '16S' ? ['Escherichia coli', 'Staphylococcus aureus', 'Bacillus subtilis'] : ['Candida albicans', 'Saccharomyces cerevisiae', 'Aspergillus fumigatus'];
      const rows = await db.query<{ accession: string; species: string; sequence: string }>(
        `SELECT accession, species, sequence FROM identification_reference WHERE marker = $1
          ORDER BY coalesce(array_position($2::text[], species), 1000),
                   -- A record described as the gene itself, not a genome contig that may hold another gene.
                   (description ILIKE '%' || $1 || ' ribosomal RNA%') DESC, line LIMIT 1`,
        [marker, preferred],
      );
      const row = rows[0];
      if (!row) throw new ApiError(ApiCode.NOT_FOUND, 404, noReferencesText(marker));
      // A sequencing read rarely spans the whole gene: trimmed ends show how the reference ends stay free.
      const trim = row.sequence.length > 700 ? 40 : 0;
      const sequence = row.sequence.slice(trim, row.sequence.length - trim).toUpperCase();
      const lines = sequence.match(/.{1,70}/g) ?? [];
      return ok(request, reply, {
        marker,
        species: row.species,
        accession: row.accession,
        fasta: `>sample_${row.accession} ${row.species}\n${lines.join('\n')}\n`,
      });
    },
  );

  app.get(
    '/api/blast/tasks/:id/alignment',
    {
      schema: {
        tags,
        summary: 'The alignment of one hit (16S/18S): query, match and reference lines',
        params: taskIdParam,
        querystring: alignmentQuery,
        response: { 200: envelopeOf(alignment) },
      },
    },
    async (request, reply) => {
      const task = await findTask(db, request, request.params.id);
      const rows = await db.query<{ hit: (Hit & { alignment?: Hit['alignment'] }) | null }>(
        `SELECT (SELECT h FROM jsonb_array_elements(result->'hits') h WHERE (h->>'rank')::int = $3) AS hit
           FROM blast_sequence WHERE task_id = $1 AND position = $2`,
        [task.id, request.query.position, request.query.rank],
      );
      const hit = rows[0]?.hit;
      if (!hit?.alignment) throw new ApiError(ApiCode.NOT_FOUND, 404, { zh: '未找到该比对', en: 'No such alignment' });
      return ok(request, reply, {
        ...hit.alignment,
        queryStart: hit.queryStart,
        queryEnd: hit.queryEnd,
        referenceStart: hit.referenceStart,
        referenceEnd: hit.referenceEnd,
        strand: hit.strand,
      });
    },
  );
};

/**
 * Sequences without a similar reference of their marker are searched among the other marker's
 * references: an 18S gene submitted for 16S (or the reverse) is told to use the other method.
 */
async function placeOtherMarker(context: MethodContext, marker: Marker, queries: readonly { id: string; sequence: string }[], results: IdentificationResult[]): Promise<IdentificationResult[]> {
  const lost = results.flatMap((r, i) => (!r.ok && r.reason === 'no-similar-reference' ? [i] : []));
  if (lost.length === 0) return results;
  const other: Marker = marker === '16S' ? '18S' : '16S';
  let placed: IdentificationResult[];
  try {
    placed = (await engineFor(context).identify(context.db, other, lost.map((i) => queries[i]!), { alignments: false, maxHits: 1 })).results;
  } catch (error) {
    if (error instanceof NoReferencesError) return results;
    throw error;
  }
  const out = [...results];
  lost.forEach((i, k) => {
    const refusal = out[i]!;
    const there = placed[k];
    if (!refusal.ok && there?.ok) out[i] = otherMarkerRefusal(refusal, marker, there);
  });
  return out;
}

const submitFields = z.object({
  sequence: z.string().optional(),
  file: z.string().optional(),
  fileName: z.string().max(255).optional(),
  pairs: z.string().max(100_000).optional(),
});

const pairsList = z.array(z.tuple([z.string().max(255), z.string().max(255)])).max(MAX_SEQUENCES);
const badPairs = {
  zh: '参数 pairs 格式错误：应为 "none"，或由 [正向文件名, 反向文件名] 组成的 JSON 数组（最多 100 对）。',
  en: 'The field pairs is malformed: "none", or a JSON array of [forward file name, reverse file name] (at most 100 pairs).',
};

/** The `pairs` field: absent pairs reads by name; "none" pairs nothing; a JSON list pairs as the user chose. */
function pairingOf(value: string | undefined, locale: 'zh' | 'en'): Pairing {
  if (value === undefined || value.trim() === '' || value.trim() === 'by-name') return 'by-name';
  if (value.trim() === 'none') return 'none';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const list = pairsList.safeParse(parsed);
  if (!list.success) throw new ApiError(ApiCode.BAD_REQUEST, 400, badPairs, { fields: { pairs: badPairs[locale] } });
  return list.data;
}

/**
 * 16S and 18S rRNA gene sequences: pasted or uploaded FASTA, searched against the imported
 * reference sequences of the marker by the word-index engine in worker threads.
 */
export const rrnaMethod: BlastMethod = {
  ids: rrnaCommand.ids,
  measure: 'similarity',

  // Traces are 100–500 KB each: a plate of them stays far below the total.
  uploads: { files: MAX_SEQUENCES, fileBytes: MAX_FILE_BYTES, totalBytes: 64 * 1024 * 1024, points: MAX_SEQUENCES * MAX_SEQUENCE_LENGTH },

  async accept(submission, context) {
    const marker = submission.method as Marker;
    const parsed = submitFields.safeParse(submission.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.map(String).join('.') || '_';
      const message = { zh: describeIssue(field, issue, 'zh'), en: describeIssue(field, issue, 'en') };
      throw new ApiError(ApiCode.BAD_REQUEST, 400, message, { fields: { [field]: message[submission.locale] } });
    }
    const body = parsed.data;
    const uploads = submission.files;
    const fromText = typeof body.file === 'string' && body.file.trim().length > 0;
    const fromFile = uploads.length > 0 || fromText;
    const check = uploads.length > 0 ? checkFiles(marker, uploads, undefined, pairingOf(body.pairs, submission.locale)) : checkSubmission(marker, (fromText ? body.file : body.sequence) ?? '');
    if (!check.ok) {
      const { problem } = check;
      const field = fromFile ? 'file' : 'sequence';
      // The headline carries its reason: the seed's sentence first, then why.
      const headline = problem.detail.en === problem.message.en ? problem.message : refusalText(problem.message, problem.detail);
      throw new ApiError(ApiCode.BAD_REQUEST, 400, headline, {
        fields: { [field]: headline[submission.locale] },
        reason: problem.reason,
        detail: problem.detail,
        ...(problem.position !== undefined ? { position: problem.position } : {}),
        ...(problem.queryId !== undefined ? { queryId: problem.queryId } : {}),
      });
    }
    if ((await referenceCount(context, marker)) === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, noReferencesText(marker));
    const sequences = check.sequences;
    const names = uploads.map((f) => f.fileName).filter(Boolean);
    const fileName = uploads.length > 0 ? (names.length > 1 ? `${names[0]} (+${names.length - 1})` : (names[0] ?? null)) : fromText ? (body.fileName?.trim() || null) : null;
    return {
      itemCount: sequences.length,
      source: fromFile ? 'file' : 'text',
      fileName: fileName ? fileName.slice(0, 255) : null,
      store: (tx, taskId) => storeSequences(tx, taskId, sequences),
      answer: { sequenceCount: sequences.length },
      log: { marker, sequences: sequences.length, traces: sequences.filter((s) => s.read).length, pairs: sequences.filter((s) => s.read?.pair).length },
    };
  },

  async run(task, context) {
    const marker = task.method as Marker;
    const sequences = await taskSequences(context.db, task.id);
    const engine = engineFor(context);
    try {
      const queries = sequences.map((s) => ({ id: s.query_id, sequence: s.sequence }));
      const answer = await engine.identify(context.db, marker, queries);
      answer.results = await placeOtherMarker(context, marker, queries, answer.results);
      const { outcome, store } = sequenceOutcome(task.id, answer);
      return { outcome, store, log: { identified: outcome.identified, searchMs: answer.searchMs, reference: answer.reference.version } };
    } catch (error) {
      if (error instanceof NoReferencesError) return { outcome: { status: 'failed', error: noReferencesText(marker) } };
      throw error;
    }
  },

  detailShape: {
    sequences: z.array(taskSequence).optional().describe('16S/18S: every sequence with its result (null while the task runs)'),
  },
  detailQueryShape: detailQuery.shape,

  async detail(task, context, query) {
    const sort = (query.sort ?? 'rank') as Sort;
    const sequences = await taskSequences(context.db, task.id);
    return { sequences: sequences.map((s) => sequenceOf(s, sort)) };
  },

  async exportCsv(task, context, locale) {
    return resultCsv(await taskSequences(context.db, task.id), locale, task.method as Marker);
  },

  async exportPdf(task: TaskRow, context, locale, options) {
    return drawPdf('rrna', task, await taskSequences(context.db, task.id), locale, options);
  },

  infoShape: info.shape,

  async info(context) {
    const counts = await perImport(context.db, 'rrna-references', async () => {
      const byMarker = new Map<string, { references: number; species: Set<string> }>();
      await scanByKey<{ marker: string; accession: string; species: string }>(context.db, 'identification_reference', ['marker', 'accession'], 'marker, accession, species', (rows) => {
        for (const row of rows) {
          let marker = byMarker.get(row.marker);
          if (!marker) byMarker.set(row.marker, (marker = { references: 0, species: new Set() }));
          marker.references++;
          marker.species.add(row.species);
        }
      });
      return byMarker;
    });
    const markers = MARKERS.map((marker) => {
      const count = counts.get(marker);
      return { marker, references: count?.references ?? 0, species: count?.species.size ?? 0 };
    });
    return {
      methods: markers.map((m) => ({ method: m.marker, references: m.references, species: m.species })),
      fields: {
        markers,
        thresholds: { ...DEFAULT_THRESHOLDS },
        thresholdSources: { ...THRESHOLD_SOURCES },
        markerThresholds: { '16S': { ...MARKER_THRESHOLDS['16S'] }, '18S': { ...MARKER_THRESHOLDS['18S'] } },
        markerThresholdSources: { '16S': { ...MARKER_THRESHOLD_SOURCES['16S'] }, '18S': { ...MARKER_THRESHOLD_SOURCES['18S'] } },
        errorLimit: DEFAULT_ERROR_LIMIT,
        similarityDefinition: SIMILARITY_DEFINITION,
        confidenceLabels: { ...CONFIDENCE_LABELS },
        minLength: DEFAULT_MIN_LENGTH,
        maxLength: MAX_SEQUENCE_LENGTH,
        maxSequences: MAX_SEQUENCES,
      },
    };
  },

  routes,

  async warmUp(context) {
    const engine = engineFor(context);
    for (const marker of MARKERS) {
      try {
        await engine.prepare(context.db, marker);
      } catch (error) {
        if (!(error instanceof NoReferencesError)) throw error;
      }
    }
  },

  close: closeEngine,

  command: rrnaCommand.run,
};
