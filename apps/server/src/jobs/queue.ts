import type { Queryable } from '../db';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Job<P = unknown> {
  id: number;
  queue: string;
  payload: P;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  error: string | null;
  result: unknown;
}

export interface EnqueueOptions {
  maxAttempts?: number;
}

/** Enqueues a job; pass a transaction so the job exists exactly when the record it works on does. */
export async function enqueue<P>(db: Queryable, queue: string, payload: P, options: EnqueueOptions = {}): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO jobs (queue, payload, max_attempts) VALUES ($1, $2, $3) RETURNING id',
    [queue, JSON.stringify(payload), options.maxAttempts ?? 3],
  );
  return Number(rows[0]!.id);
}

/**
 * Takes the oldest ready job of the given queues, or one whose lease ran out (its worker died).
 * SKIP LOCKED lets any number of workers claim at once without taking the same job twice.
 */
export async function claim(db: Queryable, queues: string[], workerId: string, leaseSeconds: number): Promise<Job | undefined> {
  const rows = await db.query<Job>(
    `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $2,
       locked_until = now() + make_interval(secs => $3), started_at = now(), error = NULL
     WHERE id = (
       SELECT id FROM jobs
       WHERE queue = ANY($1::text[])
         AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now() AND attempts < max_attempts))
       ORDER BY id
       FOR UPDATE SKIP LOCKED
       LIMIT 1)
     RETURNING id, queue, payload, status, attempts, max_attempts, error, result`,
    [queues, workerId, leaseSeconds],
  );
  const job = rows[0];
  if (!job) return undefined;
  return { ...job, id: Number(job.id), payload: typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload };
}

/** Keeps a long job's lease alive; false when the job is no longer this worker's. */
export async function heartbeat(db: Queryable, id: number, workerId: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET locked_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [id, workerId, leaseSeconds],
  );
  return rows.length > 0;
}

export async function complete(db: Queryable, id: number, workerId: string, result: unknown): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = 'done', result = $3, finished_at = now(), locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING id`,
    [id, workerId, JSON.stringify(result ?? null)],
  );
  return rows.length > 0;
}

/**
 * Records a failure: the job goes back to the queue with a growing delay while attempts remain,
 * otherwise it is failed for good. Returns the new status.
 */
export async function fail(db: Queryable, id: number, workerId: string, error: string, permanent = false): Promise<JobStatus | undefined> {
  const rows = await db.query<{ status: JobStatus }>(
    `UPDATE jobs SET
       status = CASE WHEN $4 OR attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
       run_after = now() + make_interval(secs => 2 ^ attempts),
       finished_at = CASE WHEN $4 OR attempts >= max_attempts THEN now() ELSE NULL END,
       error = $3, locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND status = 'running' RETURNING status`,
    [id, workerId, error.slice(0, 2000), permanent],
  );
  return rows[0]?.status;
}

/** Jobs whose lease ran out after their last attempt are failed, so that none stays "running" forever. */
export async function failAbandoned(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `UPDATE jobs SET status = 'failed', finished_at = now(), error = COALESCE(error, 'the worker stopped during the last attempt'),
       locked_by = NULL, locked_until = NULL
     WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts RETURNING id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function getJob(db: Queryable, id: number): Promise<Job | undefined> {
  const rows = await db.query<Job>('SELECT id, queue, payload, status, attempts, max_attempts, error, result FROM jobs WHERE id = $1', [id]);
  return rows[0];
}
