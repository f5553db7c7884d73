import { createHash, randomBytes } from 'node:crypto';
import type { IdentificationResult, LocalizedText } from '@mdc/core/identify';
import type { Db, Queryable } from '../db';
import { enqueue } from '../jobs/queue';
import type { EngineAnswer } from './engine';
import type { Marker, SubmittedSequence } from './submission';

export const IDENTIFY_QUEUE = 'identify';

export type TaskStatus = 'running' | 'done' | 'failed';

export interface TaskRow {
  id: string;
  user_id: number | string | null;
  marker: Marker;
  status: TaskStatus;
  source: 'text' | 'file';
  file_name: string | null;
  sequence_count: number;
  job_id: number | string | null;
  error_zh: string | null;
  error_en: string | null;
  top_species: string | null;
  top_similarity: number | null;
  top_level: string | null;
  identified_count: number | null;
  reference_version: string | null;
  reference_count: number | null;
  search_ms: number | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

/** A hit as stored: the engine's hit and the taxon id of its species when the taxonomy knows it. */
export type StoredResult = IdentificationResult & { taxonIds?: Record<string, string> };

export interface SequenceRow {
  position: number;
  query_id: string;
  description: string;
  sequence: string;
  length: number;
  result: StoredResult | null;
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
  marker: Marker;
  source: 'text' | 'file';
  fileName: string | null;
  sequences: SubmittedSequence[];
}

/**
 * Writes the task, its sequences and its job in one transaction: the job exists exactly when the
 * task does. An anonymous task gets a claim token, returned once and stored only as a hash.
 */
export async function createTask(db: Db, input: NewTask): Promise<{ id: string; claimToken: string | null; jobId: number }> {
  const id = newTaskId();
  const claimToken = input.userId === null ? newClaimToken() : null;
  const jobId = await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO blast_task (id, user_id, claim_token_hash, marker, source, file_name, sequence_count)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, input.userId, claimToken ? hashToken(claimToken) : null, input.marker, input.source, input.fileName, input.sequences.length],
    );
    // One statement for all sequences; unnest keeps the parameter count fixed.
    await tx.query(
      `INSERT INTO blast_sequence (task_id, position, query_id, description, sequence, length)
       SELECT $1, p, q, d, s, l FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[]) AS t(p, q, d, s, l)`,
      [
        id,
        input.sequences.map((_, i) => i + 1),
        input.sequences.map((s) => s.queryId),
        input.sequences.map((s) => s.description),
        input.sequences.map((s) => s.sequence),
        input.sequences.map((s) => s.length),
      ],
    );
    const job = await enqueue(tx, IDENTIFY_QUEUE, { taskId: id });
    await tx.query('UPDATE blast_task SET job_id = $2 WHERE id = $1', [id, job]);
    return job;
  });
  return { id, claimToken, jobId };
}

/**
 * A task as its viewer may see it: their own, or an anonymous one reached by its link. Anything
 * else — another account's task, a deleted one — is simply not there.
 */
export async function visibleTask(db: Queryable, id: string, userId: number | null): Promise<TaskRow | undefined> {
  const rows = await db.query<TaskRow>('SELECT * FROM blast_task WHERE id = $1 AND (user_id IS NULL OR user_id = $2)', [id, userId]);
  return rows[0];
}

export async function taskSequences(db: Queryable, id: string): Promise<SequenceRow[]> {
  return db.query<SequenceRow>('SELECT position, query_id, description, sequence, length, result FROM blast_sequence WHERE task_id = $1 ORDER BY position', [id]);
}

export async function taskJob(db: Queryable, jobId: number | string | null): Promise<{ status: string; attempts: number; max_attempts: number } | undefined> {
  if (jobId === null) return undefined;
  const rows = await db.query<{ status: string; attempts: number; max_attempts: number }>('SELECT status, attempts, max_attempts FROM jobs WHERE id = $1', [jobId]);
  return rows[0];
}

export interface TaskFilter {
  marker?: Marker;
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
  if (filter.marker) where.push(`marker = ${add(filter.marker)}`);
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

/** Deletes the viewer's own task, or an anonymous one whose claim token is presented. */
export async function deleteTask(db: Queryable, id: string, userId: number | null, claimToken: string | undefined): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM blast_task WHERE id = $1 AND ((user_id IS NOT NULL AND user_id = $2) OR (user_id IS NULL AND claim_token_hash = $3)) RETURNING id`,
    [id, userId, claimToken ? hashToken(claimToken) : null],
  );
  return rows.length > 0;
}

/**
 * Forgets anonymous tasks older than `days` (their link stops working): nobody can list them, and
 * without a limit every anonymous try would stay forever. Running tasks are left to finish.
 */
export async function deleteExpiredAnonymousTasks(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM blast_task WHERE user_id IS NULL AND status <> 'running' AND created_at < now() - make_interval(days => $1::int) RETURNING id`,
    [days],
  );
  return rows.length;
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

export async function startTask(db: Queryable, id: string): Promise<{ marker: Marker; status: TaskStatus } | undefined> {
  const rows = await db.query<{ marker: Marker; status: TaskStatus }>(
    'UPDATE blast_task SET started_at = coalesce(started_at, now()) WHERE id = $1 RETURNING marker, status',
    [id],
  );
  return rows[0];
}

/**
 * Stores every sequence's result and closes the task: done when at least one sequence was
 * identified, failed (with the refusal's own sentence) when all were refused.
 */
export async function saveResults(db: Db, id: string, answer: EngineAnswer): Promise<{ status: TaskStatus; identified: number } | undefined> {
  const identified = answer.results.filter((r) => r.ok);
  const best = identified[0];
  const refusal = answer.results.find((r) => !r.ok);
  const status: TaskStatus = identified.length > 0 ? 'done' : 'failed';
  const error: LocalizedText | null = status === 'failed' && refusal && !refusal.ok ? refusal.message : null;
  return db.transaction(async (tx) => {
    const updated = await tx.query<{ id: string }>(
      `UPDATE blast_task SET status = $2, finished_at = now(), error_zh = $3, error_en = $4,
              top_species = $5, top_similarity = $6, top_level = $7, identified_count = $8,
              reference_version = $9, reference_count = $10, search_ms = $11
        WHERE id = $1 AND status = 'running' RETURNING id`,
      [
        id,
        status,
        error?.zh ?? null,
        error?.en ?? null,
        best?.ok ? best.topHit.species : null,
        best?.ok ? best.topHit.similarity : null,
        best?.ok ? best.confidence.level : null,
        identified.length,
        answer.reference.version,
        answer.reference.count,
        answer.searchMs,
      ],
    );
    if (updated.length === 0) return undefined;
    for (const [i, result] of answer.results.entries()) {
      const stored: StoredResult = result.ok ? { ...result, taxonIds: taxonIdsOf(result, answer.taxonIds) } : result;
      await tx.query('UPDATE blast_sequence SET result = $3 WHERE task_id = $1 AND position = $2', [id, i + 1, JSON.stringify(stored)]);
    }
    return { status, identified: identified.length };
  });
}

function taxonIdsOf(result: IdentificationResult, all: Map<string, string>): Record<string, string> {
  const ids: Record<string, string> = {};
  if (result.ok) for (const hit of result.hits) {
    const taxon = all.get(hit.accession);
    if (taxon) ids[hit.accession] = taxon;
  }
  return ids;
}

/** Marks a task failed with a reason in both languages, unless it already finished. */
export async function failTask(db: Queryable, id: string, reason: LocalizedText): Promise<void> {
  await db.query(
    `UPDATE blast_task SET status = 'failed', finished_at = now(), error_zh = $2, error_en = $3 WHERE id = $1 AND status = 'running'`,
    [id, reason.zh, reason.en],
  );
}
