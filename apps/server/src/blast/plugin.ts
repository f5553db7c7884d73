import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode, type Locale } from '@mdc/contracts';
import {
  CONFIDENCE_LABELS,
  DEFAULT_MIN_LENGTH,
  DEFAULT_THRESHOLDS,
  SIMILARITY_DEFINITION,
  THRESHOLD_SOURCES,
  type ConfidenceLevel,
  type Hit,
} from '@mdc/core/identify';
import type { Config } from '../config';
import type { Db } from '../db';
import { ApiError, ok, requestLocale } from '../http/envelope';
import { envelopeOf } from '../http/openapi';
import { pdfAvailable, resultCsv } from './report';
import { resultPdf } from './pdf';
import { NoReferencesError } from './engine';
import { closeEngine, engineFor, noReferencesText } from './jobs';
import {
  alignment,
  alignmentQuery,
  claimBody,
  deleteBody,
  detailQuery,
  info,
  listQuery,
  sampleQuery,
  submitBody,
  submitResult,
  taskDetail,
  taskIdParam,
  taskSummary,
} from './schemas';
import { MAX_SEQUENCES, MAX_SEQUENCE_LENGTH, MARKERS, checkSubmission, type Marker } from './submission';
import {
  claimTasks,
  deleteExpiredAnonymousTasks,
  createTask,
  deleteTask,
  listTasks,
  taskJob,
  taskSequences,
  visibleTask,
  type SequenceRow,
  type StoredResult,
  type TaskRow,
} from './tasks';

export interface BlastPluginOptions {
  db: Db;
  config: Config;
}

const tags = ['blast'];
const taskNotFound = { zh: '未找到该鉴定任务', en: 'No such identification task' };
const submitted = { zh: '已提交，正在鉴定', en: 'Submitted; the identification is running' };
const deleted = { zh: '已删除', en: 'Deleted' };

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function userIdOf(request: FastifyRequest): number | null {
  return request.user ? Number(request.user.id) : null;
}

export function summaryOf(row: TaskRow): z.infer<typeof taskSummary> {
  return {
    id: row.id,
    marker: row.marker,
    status: row.status,
    source: row.source,
    fileName: row.file_name,
    sequenceCount: Number(row.sequence_count),
    identifiedCount: row.identified_count === null ? null : Number(row.identified_count),
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
    error: row.error_zh !== null && row.error_en !== null ? { zh: row.error_zh, en: row.error_en } : null,
    topHit:
      row.top_species !== null && row.top_similarity !== null && row.top_level !== null
        ? { species: row.top_species, similarity: Number(row.top_similarity), level: row.top_level as ConfidenceLevel }
        : null,
  };
}

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
  };
}

function sequenceOf(row: SequenceRow, sort: Sort) {
  return { position: Number(row.position), queryId: row.query_id, description: row.description, length: Number(row.length), result: publicResult(row.result, sort) };
}

function tokensOf(value: string | string[]): string[] {
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => /^[A-Za-z0-9_-]{16,128}$/.test(v)))].slice(0, 500);
}

function download(reply: FastifyReply, type: string, name: string, body: string | Buffer) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

const routes: FastifyPluginAsyncZod<BlastPluginOptions> = async (app, { db }) => {
  async function findTask(request: FastifyRequest, id: string): Promise<TaskRow> {
    const task = /^[A-Za-z0-9_-]{16,64}$/.test(id) ? await visibleTask(db, id, userIdOf(request)) : undefined;
    if (!task) throw new ApiError(ApiCode.NOT_FOUND, 404, taskNotFound);
    return task;
  }

  async function referenceCount(marker: Marker): Promise<number> {
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM identification_reference WHERE marker = $1', [marker]);
    return Number(rows[0]?.n ?? 0);
  }

  app.get(
    '/api/blast/info',
    { schema: { tags, summary: 'What identification offers now: reference sets, thresholds, definitions, limits', response: { 200: envelopeOf(info) } } },
    async (request, reply) => {
      const rows = await db.query<{ marker: Marker; n: number; species: number }>(
        'SELECT marker, count(*)::int AS n, count(DISTINCT species)::int AS species FROM identification_reference GROUP BY marker',
      );
      return ok(request, reply, {
        markers: MARKERS.map((marker) => {
          const row = rows.find((r) => r.marker === marker);
          return { marker, references: Number(row?.n ?? 0), species: Number(row?.species ?? 0) };
        }),
        thresholds: { ...DEFAULT_THRESHOLDS },
        thresholdSources: { ...THRESHOLD_SOURCES },
        similarityDefinition: SIMILARITY_DEFINITION,
        confidenceLabels: { ...CONFIDENCE_LABELS },
        minLength: DEFAULT_MIN_LENGTH,
        maxLength: MAX_SEQUENCE_LENGTH,
        maxSequences: MAX_SEQUENCES,
      });
    },
  );

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

  app.post(
    '/api/blast/tasks',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Submit sequences for identification (anonymous or logged in)',
        description:
          'Empty text, characters that are not nucleotides, sequences shorter than 300 bp (or longer than 10,000), or more than 100 sequences are refused at once with HTTP 400 in the language of the request, and nothing is stored. Otherwise a task is created with status `running` and queued; poll GET /api/blast/tasks/:id.',
        body: submitBody,
        response: { 200: envelopeOf(submitResult) },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const { marker } = request.body;
      const fromFile = typeof request.body.file === 'string' && request.body.file.trim().length > 0;
      const text = (fromFile ? request.body.file : request.body.sequence) ?? '';
      const check = checkSubmission(marker, text);
      if (!check.ok) {
        const { problem } = check;
        const field = fromFile ? 'file' : 'sequence';
        throw new ApiError(ApiCode.BAD_REQUEST, 400, problem.message, {
          fields: { [field]: problem.message[locale] },
          reason: problem.reason,
          detail: problem.detail,
          ...(problem.position !== undefined ? { position: problem.position, queryId: problem.queryId } : {}),
        });
      }
      if ((await referenceCount(marker)) === 0) throw new ApiError(ApiCode.INTERNAL_ERROR, 503, noReferencesText(marker));
      const created = await createTask(db, {
        userId: userIdOf(request),
        marker,
        source: fromFile ? 'file' : 'text',
        fileName: fromFile ? (request.body.fileName?.trim() || null) : null,
        sequences: check.sequences,
      });
      app.jobs.wake();
      request.log.info({ taskId: created.id, marker, sequences: check.sequences.length, anonymous: created.claimToken !== null }, 'identification submitted');
      return ok(request, reply, { id: created.id, token: created.claimToken, status: 'running' as const, sequenceCount: check.sequences.length }, submitted);
    },
  );

  app.get(
    '/api/blast/tasks',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'The history: the logged-in user\'s tasks, newest first; paged, filtered by type, status and date',
        querystring: listQuery,
        response: { 200: envelopeOf(z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), list: z.array(taskSummary) })) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { total, rows } = await listTasks(db, userIdOf(request)!, q);
      return ok(request, reply, { total, page: q.page, pageSize: q.pageSize, list: rows.map(summaryOf) });
    },
  );

  app.get(
    '/api/blast/tasks/:id',
    {
      schema: {
        tags,
        summary: 'A task with its status and, once done, every sequence\'s result',
        description: 'Only the owner sees a task of an account (others get 404); an anonymous task is seen by whoever has its id.',
        params: taskIdParam,
        querystring: detailQuery,
        response: { 200: envelopeOf(taskDetail) },
      },
    },
    async (request, reply) => {
      const task = await findTask(request, request.params.id);
      const [sequences, job] = await Promise.all([taskSequences(db, task.id), taskJob(db, task.job_id)]);
      const sort = request.query.sort;
      return ok(request, reply, {
        ...summaryOf(task),
        startedAt: iso(task.started_at),
        anonymous: task.user_id === null,
        job: job ? { status: job.status, attempts: Number(job.attempts), maxAttempts: Number(job.max_attempts) } : null,
        reference: task.reference_version ? { version: task.reference_version, count: Number(task.reference_count ?? 0) } : null,
        searchMs: task.search_ms === null ? null : Number(task.search_ms),
        pdf: pdfAvailable(requestLocale(request)),
        sequences: sequences.map((s) => sequenceOf(s, sort)),
      });
    },
  );

  app.get(
    '/api/blast/tasks/:id/alignment',
    {
      schema: {
        tags,
        summary: 'The alignment of one hit: query, match and reference lines',
        params: taskIdParam,
        querystring: alignmentQuery,
        response: { 200: envelopeOf(alignment) },
      },
    },
    async (request, reply) => {
      const task = await findTask(request, request.params.id);
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

  app.post(
    '/api/blast/tasks/:id/delete',
    {
      schema: {
        tags,
        summary: 'Delete a task: the owner\'s, or an anonymous one with its claim token',
        params: taskIdParam,
        body: deleteBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const removed = await deleteTask(db, request.params.id, userIdOf(request), request.body?.token);
      if (!removed) throw new ApiError(ApiCode.NOT_FOUND, 404, taskNotFound);
      return ok(request, reply, null, deleted);
    },
  );

  app.post(
    '/api/blast/claim',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Move anonymous tasks into the logged-in user\'s history, by the claim tokens the browser kept',
        body: claimBody,
        response: { 200: envelopeOf(z.object({ claimed: z.array(z.string()) })) },
      },
    },
    async (request, reply) => {
      const claimed = await claimTasks(db, userIdOf(request)!, tokensOf(request.body.tokens));
      if (claimed.length) request.log.info({ claimed: claimed.length }, 'anonymous identification tasks claimed');
      return ok(request, reply, { claimed });
    },
  );

  app.get(
    '/api/blast/tasks/:id/export.csv',
    { schema: { tags, summary: 'The result as CSV, one row per hit, headed in the request language', params: taskIdParam } },
    async (request, reply) => {
      const task = await findTask(request, request.params.id);
      const csv = resultCsv(await taskSequences(db, task.id), requestLocale(request));
      return download(reply, 'text/csv; charset=utf-8', `mdc-blast-${task.id}.csv`, csv);
    },
  );

  app.get(
    '/api/blast/tasks/:id/export.pdf',
    {
      schema: {
        tags,
        summary: 'The result as PDF in the request language',
        description: 'Chinese needs the Noto CJK font (Debian fonts-noto-cjk) on the server; without it the answer is 503 and the page prints itself instead.',
        params: taskIdParam,
      },
    },
    async (request, reply) => {
      const locale: Locale = requestLocale(request);
      const task = await findTask(request, request.params.id);
      if (!pdfAvailable(locale)) {
        throw new ApiError(ApiCode.INTERNAL_ERROR, 503, {
          zh: '服务器缺少中文字体（fonts-noto-cjk），无法生成 PDF，请使用打印功能另存为 PDF。',
          en: 'The server lacks the CJK font for a Chinese PDF; print the page to PDF instead.',
        });
      }
      const pdf = await resultPdf(task, await taskSequences(db, task.id), locale);
      return download(reply, 'application/pdf', `mdc-blast-${task.id}.pdf`, pdf);
    },
  );
};

/** The blast area's routes; its jobs run in `./jobs`, its engine threads in `./engine`. */
export const blastPlugin: FastifyPluginAsync<BlastPluginOptions> = async (app, options) => {
  await app.register(routes, options);
  let closing = false;
  let forgetting: ReturnType<typeof setInterval> | undefined;
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(forgetting);
    await closeEngine(options.db);
  });
  // Any listening server forgets expired anonymous tasks, at start and hourly (the DELETE is the
  // same whichever process runs it).
  const days = options.config.anonymousTaskDays;
  if (days > 0) {
    const forget = () =>
      deleteExpiredAnonymousTasks(options.db, days)
        .then((n) => n > 0 && app.log.info({ deleted: n, days }, 'expired anonymous identification tasks deleted'))
        .catch((error: unknown) => app.log.warn({ err: error }, 'deleting expired anonymous identification tasks failed'));
    app.addHook('onListen', async () => {
      void forget();
      forgetting = setInterval(forget, 60 * 60 * 1000).unref();
    });
  }
  // A server that works its own jobs builds the indexes once it listens (after an automatic
  // import), so that the first identification does not wait for them. Tools and tests that only
  // inject requests never listen and never pay for it.
  if (options.config.embeddedWorkers) {
    app.addHook('onListen', async () => {
      void app.refdata
        .whenReady()
        .then(() => (closing ? undefined : warmUp({ db: options.db, config: options.config, log: app.log })))
        .catch((error: unknown) => app.log.warn({ err: error }, 'identification index warm-up failed'));
    });
  }
};

async function warmUp(context: Parameters<typeof engineFor>[0]): Promise<void> {
  const engine = engineFor(context);
  for (const marker of MARKERS) {
    try {
      await engine.prepare(context.db, marker);
    } catch (error) {
      if (!(error instanceof NoReferencesError)) throw error;
    }
  }
}
