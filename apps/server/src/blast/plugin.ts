import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiCode, type Locale } from '@mdc/contracts';
import { claimedCall, type IdentificationMethod } from '@mdc/core/identify';
import type { Config } from '../config';
import type { Db } from '../db';
import { ApiError, ok, requestLocale } from '../http/envelope';
import { checkTextField } from '../http/text-input';
import { envelopeOf } from '../http/openapi';
import { download, findTask, iso, taskNotFound, userIdOf } from './http';
import { acceptBatch } from './batch';
import type { BlastMethod, MethodContext, Submission, UploadedFile, UploadLimits } from './method';
import { BLAST_METHODS, OFFERED_METHODS, methodFor } from './methods';
import { closePdfThreads } from '../reports/pdf-pool';
import { pdfAvailable } from '../reports/pdf-document';
import { SHARED_REFERENCE_TTL_MS, sharedReferenceGeneration } from '../resource/reference-version';
import { claimBody, deleteBody, listQuery, methodInfo, submitResult, taskDetailBase, taskIdParam, taskSummary } from './schemas';
import { sweepUploads, UploadSpool, uploadsDir } from './upload-store';
import { anonymousUploadBytes, claimTasks, createTask, deleteExpiredAnonymousTasks, deleteTask, listTasks, taskJob, type TaskRow } from './tasks';
import { clientKey } from '../http/client';

export interface BlastPluginOptions {
  db: Db;
  config: Config;
}

const tags = ['blast'];
const submitted = { zh: '已提交，正在鉴定', en: 'Submitted; the identification is running' };
const deleted = { zh: '已删除', en: 'Deleted' };
const batchSubmitted = (items: number, refused: number) => ({
  zh: `已提交 ${items} 项，正在鉴定；${refused} 个文件无法鉴定，原因见结果`,
  en: `Submitted ${items} item${items === 1 ? '' : 's'}; the identification is running. ${refused} file${refused === 1 ? ' was' : 's were'} refused (reasons in the answer)`,
});
const unknownMethod = (names: string) => ({
  zh: `请选择鉴定方法：${names}`,
  en: `Choose an identification method: ${names}`,
});
const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1)).toString();
const uploadRefusals = {
  'too-many-files': (limits: UploadLimits) =>
    limits.tooManyFiles ??
    (limits.files === 0
      ? { zh: '该鉴定方法不接受上传文件', en: 'This identification method takes no files' }
      : { zh: `一次最多上传 ${limits.files} 个文件`, en: `At most ${limits.files} file${limits.files === 1 ? '' : 's'} per submission` }),
  'file-too-large': (limits: UploadLimits, name: string) => ({
    zh: `文件 ${name} 超过 ${mb(limits.fileBytes)} MB 的上限`,
    en: `The file ${name} is larger than the limit of ${mb(limits.fileBytes)} MB`,
  }),
  'upload-too-large': (limits: UploadLimits) => ({
    zh: `上传的文件合计超过 ${mb(limits.totalBytes)} MB 的上限`,
    en: `The files together are larger than the limit of ${mb(limits.totalBytes)} MB`,
  }),
};
type UploadRefusal = keyof typeof uploadRefusals;
const anonymousQuotaTexts = {
  client: (limitMb: number, kept: number, incoming: number) => ({
    zh: `本地址未登录时保存的上传文件将超过每个地址 ${limitMb.toLocaleString('en')} MB 的上限（已保存 ${mb(kept)} MB，本次 ${mb(incoming)} MB）：请登录后上传，或删除之前的鉴定`,
    en: `Uploads kept without an account for your address would pass the limit of ${limitMb.toLocaleString('en')} MB per address (${mb(kept)} MB kept, ${mb(incoming)} MB in this upload): log in to upload, or delete earlier identifications`,
  }),
  all: (limitMb: number) => ({
    zh: `未登录用户保存的上传文件合计将超过本站 ${limitMb.toLocaleString('en')} MB 的上限：请登录后上传`,
    en: `Uploads kept without an account, from all addresses together, would pass this portal's limit of ${limitMb.toLocaleString('en')} MB: log in to upload`,
  }),
};
const isMarkerGene = (method: IdentificationMethod): method is '16S' | '18S' => method === '16S' || method === '18S';

export function summaryOf(row: TaskRow): z.infer<typeof taskSummary> {
  // A genus-level call stored before calls kept their closest species apart reads as the genus.
  const call =
    row.top_species !== null && row.top_level !== null
      ? claimedCall({
          name: row.top_species,
          value: row.top_similarity === null ? null : Number(row.top_similarity),
          measure: methodFor(row.method)?.measure ?? 'similarity',
          level: row.top_level,
          closest: row.top_closest ?? null,
        })
      : null;
  return {
    id: row.id,
    method: row.method,
    ...(isMarkerGene(row.method) ? { marker: row.method } : {}),
    status: row.status,
    source: row.source,
    fileName: row.file_name,
    itemCount: Number(row.item_count),
    sequenceCount: Number(row.item_count),
    identifiedCount: row.identified_count === null ? null : Number(row.identified_count),
    createdAt: iso(row.created_at)!,
    finishedAt: iso(row.finished_at),
    error: row.error_zh !== null && row.error_en !== null ? { zh: row.error_zh, en: row.error_en } : null,
    call,
    topHit: call && call.value !== null ? { species: call.name, similarity: call.value, level: call.level } : null,
    ...(row.summary !== null && row.summary !== undefined ? { summary: row.summary } : {}),
    ...(Array.isArray(row.refused) && row.refused.length ? { refused: row.refused } : {}),
  };
}

const exportQuery = z.object({ tz: z.string().max(64).optional().describe('IANA time zone of the reader, e.g. Asia/Shanghai') });

/** A time zone the runtime knows, or undefined (an unknown name falls back to the default, never fails the export). */
export function validTimeZone(value: string | undefined): string | undefined {
  if (!value || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function tokensOf(value: string | string[]): string[] {
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.flatMap((v) => v.split(',')).map((v) => v.trim()).filter((v) => /^[A-Za-z0-9_-]{16,128}$/.test(v)))].slice(0, 500);
}

const NO_UPLOADS: UploadLimits = { files: 0, fileBytes: 0, totalBytes: 0 };
/** Until the form names its method, a file is measured against the largest limits any method has. */
const ANY_UPLOADS: UploadLimits = {
  files: Math.max(0, ...BLAST_METHODS.map((m) => m.uploads?.files ?? 0)),
  fileBytes: Math.max(0, ...BLAST_METHODS.map((m) => m.uploads?.fileBytes ?? 0)),
  totalBytes: Math.max(0, ...BLAST_METHODS.map((m) => m.uploads?.totalBytes ?? 0)),
};

function methodNamed(value: unknown): IdentificationMethod | undefined {
  const wanted = String(value ?? '').trim().toLowerCase();
  return OFFERED_METHODS.find((m) => m.toLowerCase() === wanted);
}

function uploadRefused(reason: UploadRefusal, limits: UploadLimits, locale: Locale, fileName = ''): ApiError {
  const name = fileName.length > 80 ? `${fileName.slice(0, 80)}…` : fileName;
  const message = uploadRefusals[reason](limits, name);
  return new ApiError(ApiCode.PAYLOAD_TOO_LARGE, 413, message, {
    fields: { file: message[locale] },
    reason,
    limits: { files: limits.files, fileBytes: limits.fileBytes, totalBytes: limits.totalBytes },
  });
}

/** Bytes copied between two turns of the event loop when a file's chunks are joined. */
const JOIN_SLICE_BYTES = 1024 * 1024;

/**
 * A file's chunks as one buffer, copied a megabyte at a time with a turn of the event loop between:
 * one Buffer.concat of a 10 MB file held the loop 75–290 ms on a loaded machine (issue 28, six such
 * traces in one submission), as the fresh pages of the copy are faulted in.
 */
async function joinChunks(chunks: Buffer[], size: number): Promise<Buffer> {
  if (chunks.length === 1) return chunks[0]!;
  if (size <= JOIN_SLICE_BYTES) return Buffer.concat(chunks, size);
  const joined = Buffer.allocUnsafeSlow(size);
  let at = 0;
  let sinceYield = 0;
  for (const chunk of chunks) {
    chunk.copy(joined, at);
    at += chunk.length;
    sinceYield += chunk.length;
    if (sinceYield >= JOIN_SLICE_BYTES) {
      sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return joined;
}

/**
 * Reads a multipart submission part by part, counting files and measuring each as its bytes
 * arrive against the method's limits (the method field comes first from the web client; before
 * it, the largest limits of any method). The request is refused the moment a limit is passed:
 * nothing beyond the limits is read into memory, however much the client sends.
 */
async function readMultipart(request: FastifyRequest, locale: Locale, spool?: UploadSpool): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  let limits = ANY_UPLOADS;
  let total = 0;
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      checkTextField(part.fieldname, part.value, locale);
      fields[part.fieldname] = part.value;
      if (part.fieldname === 'method' || (part.fieldname === 'marker' && fields.method === undefined)) {
        const id = methodNamed(part.value);
        if (id) limits = methodFor(id)?.uploads ?? NO_UPLOADS;
      }
      continue;
    }
    if (files.length >= limits.files) throw uploadRefused('too-many-files', limits, locale);
    const chunks: Buffer[] = [];
    let size = 0;
    // On the embedded database the file is written to the upload store's spool as it arrives;
    // the request's end removes it unless its task keeps it.
    const spooling = spool ? await spool.begin() : undefined;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      total += chunk.length;
      if (size > limits.fileBytes) throw uploadRefused('file-too-large', limits, locale, part.filename);
      if (total > limits.totalBytes) throw uploadRefused('upload-too-large', limits, locale);
      chunks.push(chunk);
      await spooling?.write(chunk);
    }
    if (part.file.truncated) throw uploadRefused('file-too-large', limits, locale, part.filename);
    const spooled = await spooling?.finish();
    files.push({ field: part.fieldname, fileName: part.filename, bytes: await joinChunks(chunks, size), ...(spooled ? { spooled } : {}) });
  }
  // A method named after its files: its own limits, now that they are known.
  const id = methodNamed(fields.method ?? fields.marker);
  if (id) {
    const own = methodFor(id)?.uploads ?? NO_UPLOADS;
    if (files.length > own.files) throw uploadRefused('too-many-files', own, locale);
    const large = files.find((f) => f.bytes.length > own.fileBytes);
    if (large) throw uploadRefused('file-too-large', own, locale, large.fileName);
    if (files.reduce((n, f) => n + f.bytes.length, 0) > own.totalBytes) throw uploadRefused('upload-too-large', own, locale);
  }
  return { fields, files };
}

const detailShape: z.ZodRawShape = Object.assign({}, ...BLAST_METHODS.map((m) => m.detailShape));
const detailQueryShape: z.ZodRawShape = Object.assign({}, ...BLAST_METHODS.map((m) => m.detailQueryShape ?? {}));
const infoShape: z.ZodRawShape = Object.assign({}, ...BLAST_METHODS.map((m) => m.infoShape ?? {}));

const routes: FastifyPluginAsyncZod<BlastPluginOptions & { context: MethodContext }> = async (app, { db, config, context }) => {
  // The parser's own limits are the outer fence; each method's are checked while reading (readMultipart).
  await app.register(multipart, { limits: { fileSize: ANY_UPLOADS.fileBytes + 1, files: ANY_UPLOADS.files + 1, fields: 50, fieldSize: 1_000_000 } });

  async function taskMethod(task: TaskRow): Promise<BlastMethod> {
    const method = methodFor(task.method);
    if (!method) throw new ApiError(ApiCode.NOT_FOUND, 404, taskNotFound);
    return method;
  }

  let infoCache: { version: string; at: number; answer: Promise<Record<string, unknown>> } | undefined;
  app.get(
    '/api/blast/info',
    {
      schema: {
        tags,
        summary: 'What identification offers now: the methods with their reference counts, thresholds, definitions, limits',
        response: { 200: envelopeOf(z.object({ methods: z.array(methodInfo), ...infoShape })) },
      },
    },
    async (request, reply) => {
      // Counting the references took 300–500 ms of the embedded database per call: the answer is
      // kept until the shared references change (an import, shared genomes or spectra written).
      const latest = await db.query<{ id: number }>('SELECT id FROM refdata_import ORDER BY id DESC LIMIT 1');
      const version = `${latest[0]?.id ?? 0}|${sharedReferenceGeneration()}`;
      if (!infoCache || infoCache.version !== version || Date.now() - infoCache.at > SHARED_REFERENCE_TTL_MS) {
        const answer = (async () => {
          const parts = await Promise.all(BLAST_METHODS.map((m) => m.info(context)));
          return Object.assign({ methods: parts.flatMap((p) => p.methods) }, ...parts.map((p) => p.fields ?? {})) as Record<string, unknown>;
        })();
        // Callers that come while it is counted share the one count; a failed count is not kept.
        const entry = { version, at: Date.now(), answer };
        infoCache = entry;
        answer.catch(() => {
          if (infoCache === entry) infoCache = undefined;
        });
      }
      return ok(request, reply, await infoCache.answer);
    },
  );

  app.post(
    '/api/blast/tasks',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Submit an identification (anonymous or logged in)',
        description:
          '`method` names the method (16S, 18S, genome …; `marker` 16S|18S is the older name of the field). ' +
          'Text input comes as a form or JSON body; files as multipart/form-data. Input the method cannot read is refused at once with HTTP 400 in the language of the request, and nothing is stored. ' +
          '16S/18S: empty text, characters that are not nucleotides, sequences shorter than 300 bp (or longer than 10,000), or more than 100 sequences are refused. ' +
          'Sanger traces (.ab1) are read by content and trimmed by quality; a forward and a reverse trace of one isolate (names ending F/R) are assembled into one consensus; the field `pairs` ("none", or a JSON list of [forward, reverse] file names) overrides the pairing by name. ' +
          'Several files are a batch: files the method refuses are left out and listed in `refused` with their reasons (nothing of them is stored); only when every file is refused is the submission refused, with `data.refused`. Genome assemblies become one task each (`tasks`). ' +
          'Otherwise a task is created with status `running` and queued; poll GET /api/blast/tasks/:id.',
        // A multipart request has no parsed body (null): its parts are read in the handler.
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: envelopeOf(submitResult) },
      },
    },
    async (request, reply) => {
      const locale: Locale = requestLocale(request);
      const spool = request.isMultipart() && db.kind === 'pglite' ? new UploadSpool(uploadsDir(config.home)) : undefined;
      try {
        return await submit(request, reply, locale, spool);
      } finally {
        // A refused, cut-off or failed upload leaves nothing; stored ones are linked into the store.
        await spool?.discard();
      }
    },
  );

  /**
   * Uploads kept for anonymous identifications (30 days by default) are bounded per client address
   * and for all addresses together (BLAST_ANONYMOUS_UPLOAD_MB, BLAST_ANONYMOUS_UPLOAD_TOTAL_MB):
   * without it one address could fill the disk at the upload rate limits (issue 28).
   */
  async function checkAnonymousQuota(client: string, files: UploadedFile[], locale: Locale) {
    const { perClient, total } = config.anonymousUploadMb;
    const incoming = files.reduce((n, f) => n + f.bytes.length, 0);
    if (incoming === 0 || (perClient <= 0 && total <= 0)) return;
    const kept = await anonymousUploadBytes(db, client);
    const refuse = (reason: string, texts: Record<Locale, string>, limitMb: number) =>
      new ApiError(ApiCode.PAYLOAD_TOO_LARGE, 413, texts, { fields: { file: texts[locale] }, reason, limitBytes: limitMb * 1024 * 1024, keptBytes: reason === 'anonymous-quota' ? kept.client : kept.all });
    if (perClient > 0 && kept.client + incoming > perClient * 1024 * 1024) throw refuse('anonymous-quota', anonymousQuotaTexts.client(perClient, kept.client, incoming), perClient);
    if (total > 0 && kept.all + incoming > total * 1024 * 1024) throw refuse('anonymous-quota-all', anonymousQuotaTexts.all(total), total);
  }

  async function submit(request: FastifyRequest, reply: FastifyReply, locale: Locale, spool: UploadSpool | undefined) {
    const { fields, files } = request.isMultipart() ? await readMultipart(request, locale, spool) : { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
    const id = methodNamed(fields.method ?? fields.marker);
    const method = id ? methodFor(id) : undefined;
    if (!id || !method) {
      const message = unknownMethod(OFFERED_METHODS.join(', '));
      throw new ApiError(ApiCode.BAD_REQUEST, 400, message, { fields: { method: message[locale] } });
    }
    const client = clientKey(request.ip);
    if (userIdOf(request) === null) await checkAnonymousQuota(client, files, locale);
    const submission: Submission = { method: id, fields, files, locale, userId: userIdOf(request) };
    const { groups, refused } = await acceptBatch(method, submission, context);
    const tasks: { id: string; token: string | null; fileName: string | null; itemCount: number }[] = [];
    for (const [at, { accepted }] of groups.entries()) {
      const created = await createTask(db, {
        userId: submission.userId,
        client,
        method: id,
        source: accepted.source,
        fileName: accepted.fileName,
        itemCount: accepted.itemCount,
        input: accepted.input,
        // The first task of the batch (the one the answer leads to) names what was left out.
        ...(at === 0 ? { refused } : {}),
        store: accepted.store,
      });
      tasks.push({ id: created.id, token: created.claimToken, fileName: accepted.fileName, itemCount: accepted.itemCount });
      request.log.info({ taskId: created.id, method: id, items: accepted.itemCount, anonymous: created.claimToken !== null, ...accepted.log }, 'identification submitted');
    }
    app.jobs.wake();
    if (refused.length) request.log.info({ method: id, refused: refused.map((r) => r.fileName) }, 'identification batch: files refused');
    const first = tasks[0]!;
    const lead = groups[0]!.accepted;
    // The stored files are linked into the store: the temporary ones go before the answer does.
    await spool?.discard();
    return ok(
      request,
      reply,
      {
        id: first.id,
        method: id,
        token: first.token,
        status: 'running' as const,
        itemCount: lead.itemCount,
        ...lead.answer,
        ...(tasks.length > 1 ? { tasks } : {}),
        ...(refused.length ? { refused } : {}),
      },
      refused.length ? batchSubmitted(tasks.reduce((n, t) => n + t.itemCount, 0), refused.length) : submitted,
    );
  }

  app.get(
    '/api/blast/tasks',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The history: the logged-in user's tasks, newest first; paged, filtered by method, status and date",
        querystring: listQuery,
        response: { 200: envelopeOf(z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), list: z.array(taskSummary) })) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const methods = [...(q.method ?? []), ...(q.marker ? [q.marker] : [])];
      const { total, rows } = await listTasks(db, userIdOf(request)!, { ...q, methods });
      return ok(request, reply, { total, page: q.page, pageSize: q.pageSize, list: rows.map(summaryOf) });
    },
  );

  app.get(
    '/api/blast/tasks/:id',
    {
      schema: {
        tags,
        summary: "A task with its status and, once done, the method's result",
        description: 'Only the owner sees a task of an account (others get 404); an anonymous task is seen by whoever has its id.',
        params: taskIdParam,
        querystring: z.object(detailQueryShape),
        response: { 200: envelopeOf(taskDetailBase.extend(detailShape)) },
      },
    },
    async (request, reply) => {
      const task = await findTask(db, request, request.params.id);
      const method = await taskMethod(task);
      const [own, job] = await Promise.all([method.detail(task, context, request.query as Record<string, unknown>), taskJob(db, task.job_id)]);
      return ok(request, reply, {
        ...summaryOf(task),
        startedAt: iso(task.started_at),
        anonymous: task.user_id === null,
        job: job ? { status: job.status, attempts: Number(job.attempts), maxAttempts: Number(job.max_attempts) } : null,
        reference: task.reference_version ? { version: task.reference_version, count: Number(task.reference_count ?? 0) } : null,
        searchMs: task.search_ms === null ? null : Number(task.search_ms),
        pdf: pdfAvailable(requestLocale(request)),
        ...own,
      });
    },
  );

  app.post(
    '/api/blast/tasks/:id/delete',
    {
      schema: {
        tags,
        summary: "Delete a task: the owner's, or an anonymous one with its claim token",
        params: taskIdParam,
        body: deleteBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request, reply) => {
      const removed = await deleteTask(db, config.home, request.params.id, userIdOf(request), request.body?.token);
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
        summary: "Move anonymous tasks into the logged-in user's history, by the claim tokens the browser kept",
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
    { schema: { tags, summary: 'The result as CSV, headed in the request language', params: taskIdParam } },
    async (request, reply) => {
      const task = await findTask(db, request, request.params.id);
      const csv = await (await taskMethod(task)).exportCsv(task, context, requestLocale(request));
      return download(reply, 'text/csv; charset=utf-8', `mdc-blast-${task.id}.csv`, csv);
    },
  );

  app.get(
    '/api/blast/tasks/:id/export.pdf',
    {
      schema: {
        tags,
        summary: 'The result as PDF in the request language',
        description:
          'Chinese needs the Noto CJK font (Debian fonts-noto-cjk) on the server; without it the answer is 503 and the page prints itself instead. ' +
          'Times are printed in the time zone `tz` (IANA name, as the browser reports it); without one, China Standard Time for Chinese and UTC for English.',
        params: taskIdParam,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const locale: Locale = requestLocale(request);
      const timeZone = validTimeZone(request.query.tz);
      const task = await findTask(db, request, request.params.id);
      if (!pdfAvailable(locale)) {
        throw new ApiError(ApiCode.INTERNAL_ERROR, 503, {
          zh: '服务器缺少中文字体（fonts-noto-cjk），无法生成 PDF，请使用打印功能另存为 PDF。',
          en: 'The server lacks the CJK font for a Chinese PDF; print the page to PDF instead.',
        });
      }
      const pdf = await (await taskMethod(task)).exportPdf(task, context, locale, timeZone ? { timeZone } : {});
      return download(reply, 'application/pdf', `mdc-blast-${task.id}.pdf`, pdf);
    },
  );

  for (const method of BLAST_METHODS) if (method.routes) await app.register(method.routes, { context });
};

/** The blast area: the identification frame's routes, and each method's own. */
export const blastPlugin: FastifyPluginAsync<BlastPluginOptions> = async (app, options) => {
  const context: MethodContext = { db: options.db, config: options.config, log: app.log };
  await app.register(routes, { ...options, context });
  let closing = false;
  let forgetting: ReturnType<typeof setInterval> | undefined;
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(forgetting);
    await Promise.all([...BLAST_METHODS.map((m) => m.close?.(options.db)), closePdfThreads()]);
  });
  // Any listening server forgets expired anonymous tasks, at start and hourly (the DELETE is the
  // same whichever process runs it); on the embedded database it also clears stored uploads no
  // task names any more (an account deleted with its tasks, a server stopped mid-upload).
  const days = options.config.anonymousTaskDays;
  const sweep = options.db.kind === 'pglite';
  if (days > 0 || sweep) {
    const forget = async () => {
      if (days > 0) {
        await deleteExpiredAnonymousTasks(options.db, options.config.home, days)
          .then((n) => n > 0 && app.log.info({ deleted: n, days }, 'expired anonymous identification tasks deleted'))
          .catch((error: unknown) => app.log.warn({ err: error }, 'deleting expired anonymous identification tasks failed'));
      }
      if (sweep) {
        await sweepUploads(options.db, uploadsDir(options.config.home))
          .then((n) => n > 0 && app.log.info({ removed: n }, 'stored uploads of deleted tasks removed'))
          .catch((error: unknown) => app.log.warn({ err: error }, 'clearing the upload store failed'));
      }
    };
    app.addHook('onListen', async () => {
      void forget();
      forgetting = setInterval(() => void forget(), 60 * 60 * 1000).unref();
    });
  }
  // A server that works its own jobs builds the indexes once it listens (after an automatic
  // import), so that the first identification does not wait for them. Tools and tests that only
  // inject requests never listen and never pay for it.
  if (options.config.embeddedWorkers) {
    app.addHook('onListen', async () => {
      void app.refdata
        .whenReady()
        .then(async () => {
          for (const method of BLAST_METHODS) if (!closing) await method.warmUp?.(context);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'identification index warm-up failed'));
    });
  }
};
