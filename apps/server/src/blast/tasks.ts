import { createHash, randomBytes } from 'node:crypto';
import type { IdentificationCall, IdentificationMethod, LocalizedText } from '@mdc/core/identify';
import type { Db, Queryable } from '../db';
import { enqueue } from '../jobs/queue';
import type { Outcome } from './outcome';
import { placeUpload, readStoredUpload, releaseUploads, uploadsDir, type SpooledUpload } from './upload-store';

/** One queue for every identification method; the job's task names its method. */
export const IDENTIFY_QUEUE = 'identify';

export type TaskStatus = 'running' | 'done' | 'failed';

export interface TaskRow {
  id: string;
  user_id: number | string | null;
  method: IdentificationMethod;
  status: TaskStatus;
  source: 'text' | 'file';
  file_name: string | null;
  item_count: number;
  job_id: number | string | null;
  error_zh: string | null;
  error_en: string | null;
  top_species: string | null;
  top_similarity: number | null;
  top_level: string | null;
  /** The closest species of a call above the species (a genus-level call names the genus in top_species). */
  top_closest?: string | null;
  identified_count: number | null;
  reference_version: string | null;
  reference_count: number | null;
  search_ms: number | null;
  input: unknown;
  result: unknown;
  summary: unknown;
  /** Files of the same upload the method refused, with their reasons (see batch.ts). */
  refused?: { fileName: string; reason: LocalizedText }[] | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

/** 128 random bits: a task link cannot be guessed or enumerated. */
export function newTaskId(): string {
  return randomBytes(16).toString('base64url');
}

export function newClaimToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewTask {
  userId: number | null;
  /** The client an anonymous task came from (`clientKey`), for its upload quota. */
  client?: string | null;
  method: IdentificationMethod;
  source: 'text' | 'file';
  fileName: string | null;
  itemCount: number;
  input?: unknown;
  /** Files of the same upload that were refused, kept to be named on the result page. */
  refused?: { fileName: string; reason: LocalizedText }[];
  /** The method's own rows, written in the task's transaction. */
  store?(tx: Queryable, taskId: string): Promise<void>;
}

/**
 * Writes the task, the method's rows and the job in one transaction: the job exists exactly when
 * the task does, and a refused or failed write leaves nothing behind. An anonymous task gets a
 * claim token, returned once and stored only as a hash.
 */
export async function createTask(db: Db, input: NewTask): Promise<{ id: string; claimToken: string | null; jobId: number }> {
  const id = newTaskId();
  const claimToken = input.userId === null ? newClaimToken() : null;
  const jobId = await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO blast_task (id, user_id, claim_token_hash, method, source, file_name, item_count, input, refused, client)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        input.userId,
        claimToken ? hashToken(claimToken) : null,
        input.method,
        input.source,
        input.fileName,
        input.itemCount,
        input.input === undefined ? null : JSON.stringify(input.input),
        input.refused?.length ? JSON.stringify(input.refused) : null,
        input.userId === null ? (input.client ?? null) : null,
      ],
    );
    await input.store?.(tx, id);
    const job = await enqueue(tx, IDENTIFY_QUEUE, { taskId: id });
    await tx.query('UPDATE blast_task SET job_id = $2 WHERE id = $1', [id, job]);
    return job;
  });
  return { id, claimToken, jobId };
}

/** Bytes of uploads kept for anonymous tasks: of one client, and of all clients together. */
export async function anonymousUploadBytes(db: Queryable, client: string): Promise<{ client: number; all: number }> {
  const rows = await db.query<{ mine: number; total: number }>(
    `SELECT coalesce(sum(i.size) FILTER (WHERE t.client = $1), 0)::float8 AS mine, coalesce(sum(i.size), 0)::float8 AS total
       FROM blast_task t JOIN blast_input i ON i.task_id = t.id WHERE t.user_id IS NULL`,
    [client],
  );
  return { client: Number(rows[0]?.mine ?? 0), all: Number(rows[0]?.total ?? 0) };
}

/** Where a method's code finds the database and the home folder (for the upload store). */
type StoreContext = { db: Pick<Db, 'kind'>; config: { home: string } };

/**
 * Keeps an uploaded file with its task, for the job. On the embedded database the file spooled
 * while it arrived goes into the upload store and the row names it (see upload-store.ts); on
 * PostgreSQL, or when nothing was spooled (the command line), the bytes go into the row.
 */
export async function storeInputFile(
  tx: Queryable,
  context: StoreContext,
  taskId: string,
  position: number,
  name: string,
  file: { bytes: Uint8Array; spooled?: SpooledUpload },
): Promise<void> {
  if (file.spooled && context.db.kind === 'pglite') {
    const stored = await placeUpload(tx, uploadsDir(context.config.home), file.spooled);
    await tx.query('INSERT INTO blast_input (task_id, position, name, stored_path, size, sha256) VALUES ($1, $2, $3, $4, $5, $6)', [
      taskId,
      position,
      name,
      stored,
      file.spooled.size,
      file.spooled.sha256,
    ]);
    return;
  }
  const content = file.bytes;
  await tx.query('INSERT INTO blast_input (task_id, position, name, content, size, sha256) VALUES ($1, $2, $3, $4, $5, $6)', [
    taskId,
    position,
    name,
    Buffer.from(content.buffer, content.byteOffset, content.byteLength),
    content.byteLength,
    createHash('sha256').update(content).digest('hex'),
  ]);
}

export async function inputFiles(context: { db: Queryable; config: { home: string } }, taskId: string): Promise<{ position: number; name: string; content: Buffer }[]> {
  const rows = await context.db.query<{ position: number; name: string; content: Uint8Array | null; stored_path: string | null }>(
    'SELECT position, name, content, stored_path FROM blast_input WHERE task_id = $1 ORDER BY position',
    [taskId],
  );
  return Promise.all(
    rows.map(async (r) => ({
      position: Number(r.position),
      name: r.name,
      content: r.stored_path !== null ? await readStoredUpload(uploadsDir(context.config.home), r.stored_path) : Buffer.from(r.content!.buffer, r.content!.byteOffset, r.content!.byteLength),
    })),
  );
}

/**
 * A task as its viewer may see it: their own, or an anonymous one reached by its link. Anything
 * else — another account's task, a deleted one — is simply not there.
 */
export async function visibleTask(db: Queryable, id: string, userId: number | null): Promise<TaskRow | undefined> {
  const rows = await db.query<TaskRow>('SELECT * FROM blast_task WHERE id = $1 AND (user_id IS NULL OR user_id = $2)', [id, userId]);
  return rows[0];
}

export async function taskJob(db: Queryable, jobId: number | string | null): Promise<{ status: string; attempts: number; max_attempts: number } | undefined> {
  if (jobId === null) return undefined;
  const rows = await db.query<{ status: string; attempts: number; max_attempts: number }>('SELECT status, attempts, max_attempts FROM jobs WHERE id = $1', [jobId]);
  return rows[0];
}

export interface TaskFilter {
  methods?: readonly IdentificationMethod[];
  status?: TaskStatus;
  /** Inclusive calendar dates (YYYY-MM-DD, UTC). */
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

export async function listTasks(db: Queryable, userId: number, filter: TaskFilter): Promise<{ total: number; rows: TaskRow[] }> {
  const params: unknown[] = [userId];
  const where = ['user_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.methods?.length) where.push(`method = ANY(${add(filter.methods)}::text[])`);
  if (filter.status) where.push(`status = ${add(filter.status)}`);
  if (filter.from) where.push(`created_at >= ${add(filter.from)}::date`);
  if (filter.to) where.push(`created_at < (${add(filter.to)}::date + 1)`);
  const rows = await db.query<TaskRow & { total: number }>(
    `SELECT *, count(*) OVER () AS total FROM blast_task WHERE ${where.join(' AND ')}
      ORDER BY created_at DESC, id LIMIT ${add(filter.pageSize)} OFFSET ${add((filter.page - 1) * filter.pageSize)}`,
    params,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filter.page > 1) {
    const counted = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blast_task WHERE ${where.join(' AND ')}`, params.slice(0, params.length - 2));
    total = Number(counted[0]?.n ?? 0);
  }
  return { total, rows };
}

/**
 * Deletes the viewer's own task, or an anonymous one whose claim token is presented, with its
 * stored upload (unless another task holds the same bytes).
 */
export async function deleteTask(db: Db, home: string, id: string, userId: number | null, claimToken: string | undefined): Promise<boolean> {
  // The CTE's SELECT still sees the inputs the cascade removes: their places come back with the task.
  const rows = await db.query<{ id: string; stored_path: string | null }>(
    `WITH gone AS (
       DELETE FROM blast_task WHERE id = $1 AND ((user_id IS NOT NULL AND user_id = $2) OR (user_id IS NULL AND claim_token_hash = $3)) RETURNING id)
     SELECT gone.id, i.stored_path FROM gone LEFT JOIN blast_input i ON i.task_id = gone.id`,
    [id, userId, claimToken ? hashToken(claimToken) : null],
  );
  await releaseUploads(db, uploadsDir(home), rows.flatMap((r) => (r.stored_path ? [r.stored_path] : [])));
  return rows.length > 0;
}

/**
 * Forgets anonymous tasks older than `days` (their link stops working): nobody can list them, and
 * without a limit every anonymous try would stay forever. Running tasks are left to finish.
 */
export async function deleteExpiredAnonymousTasks(db: Db, home: string, days: number): Promise<number> {
  const rows = await db.query<{ id: string; stored_path: string | null }>(
    `WITH gone AS (
       DELETE FROM blast_task WHERE user_id IS NULL AND status <> 'running' AND created_at < now() - make_interval(days => $1::int) RETURNING id)
     SELECT gone.id, i.stored_path FROM gone LEFT JOIN blast_input i ON i.task_id = gone.id`,
    [days],
  );
  await releaseUploads(db, uploadsDir(home), rows.flatMap((r) => (r.stored_path ? [r.stored_path] : [])));
  return new Set(rows.map((r) => r.id)).size;
}

/** Moves anonymous tasks into the account of whoever holds their claim tokens; a token works once. */
export async function claimTasks(db: Queryable, userId: number, tokens: string[]): Promise<string[]> {
  if (tokens.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `UPDATE blast_task SET user_id = $1, claim_token_hash = NULL
      WHERE user_id IS NULL AND claim_token_hash = ANY($2::text[]) RETURNING id`,
    [userId, tokens.map(hashToken)],
  );
  return rows.map((r) => r.id);
}

/** Marks the task started (once) and returns it; undefined when it was deleted meanwhile. */
export async function startTask(db: Queryable, id: string): Promise<TaskRow | undefined> {
  const rows = await db.query<TaskRow>('UPDATE blast_task SET started_at = coalesce(started_at, now()) WHERE id = $1 RETURNING *', [id]);
  return rows[0];
}

/**
 * Closes a running task with its outcome. Returns false when the task is gone or already closed
 * (an earlier attempt finished it), so the caller writes nothing more.
 */
export async function closeTask(tx: Queryable, id: string, outcome: Outcome): Promise<boolean> {
  const call: IdentificationCall | null | undefined = outcome.call;
  const error: LocalizedText | null = outcome.status === 'failed' ? (outcome.error ?? null) : null;
  const updated = await tx.query<{ id: string }>(
    `UPDATE blast_task SET status = $2, finished_at = now(), error_zh = $3, error_en = $4,
            top_species = $5, top_similarity = $6, top_level = $7, identified_count = $8,
            reference_version = $9, reference_count = $10, search_ms = $11, result = $12, summary = $13, top_closest = $14
      WHERE id = $1 AND status = 'running' RETURNING id`,
    [
      id,
      outcome.status,
      error?.zh ?? null,
      error?.en ?? null,
      call?.name ?? null,
      call?.value ?? null,
      call?.level ?? null,
      outcome.identified ?? null,
      outcome.reference?.version ?? null,
      outcome.reference?.count ?? null,
      outcome.searchMs === undefined || outcome.searchMs === null ? null : Math.round(outcome.searchMs),
      outcome.result === undefined ? null : JSON.stringify(outcome.result),
      outcome.summary === undefined ? null : JSON.stringify(outcome.summary),
      call?.closest ?? null,
    ],
  );
  return updated.length > 0;
}

/** Marks a task failed with a reason in both languages, unless it already finished. */
export async function failTask(db: Queryable, id: string, reason: LocalizedText): Promise<void> {
  await db.query(
    `UPDATE blast_task SET status = 'failed', finished_at = now(), error_zh = $2, error_en = $3 WHERE id = $1 AND status = 'running'`,
    [id, reason.zh, reason.en],
  );
}
