import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { claim, complete, fail, failAbandoned, heartbeat, type Job } from './queue';

/** A failure that retrying cannot mend (bad input): the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobHandler {
  run(job: Job, context: { workerId: string }): Promise<unknown>;
  /** Called once when the job has failed for good, to mark the record it works on. */
  onFailed?(job: Pick<Job, 'id' | 'payload'>, error: string): Promise<void>;
}

export interface RunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  concurrency?: number;
  leaseSeconds?: number;
  /**
   * How often to look for work nobody woke the runner for. Default: 500 ms on a PostgreSQL server
   * (other processes enqueue), 10 s on the embedded database, where only this process can enqueue
   * and every enqueue wakes the runner: each look is a query on the main thread (2–40 ms of a
   * blocked event loop under load, twice a second, with no job queued).
   */
  pollMs?: number;
  workerId?: string;
  log?: { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void };
}

export interface Runner {
  readonly workerId: string;
  /** Looks for work now instead of at the next poll (called after an enqueue in this process). */
  wake(): void;
  /** Stops claiming and waits for running jobs to finish. */
  stop(): Promise<void>;
}

const EMBEDDED_POLL_MS = 10_000;

export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

export function startRunner(options: RunnerOptions): Runner {
  const { db, handlers } = options;
  const queues = Object.keys(handlers);
  const concurrency = options.concurrency ?? 2;
  const leaseSeconds = options.leaseSeconds ?? 30;
  const pollMs = options.pollMs ?? (db.kind === 'pglite' ? EMBEDDED_POLL_MS : 500);
  const workerId = options.workerId ?? newWorkerId();
  const log = options.log ?? { info: () => undefined, warn: () => undefined, error: () => undefined };

  let stopped = false;
  let active = 0;
  const running = new Set<Promise<void>>();
  let wakeUp: (() => void) | undefined;
  // A wake that comes while the loop is claiming (an enqueue committed after its claim looked)
  // must not wait for the next poll, which on the embedded database is seconds away.
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  let lastSweep = 0;
  const retryTimers = new Set<NodeJS.Timeout>();
  function retryAt(ms: number) {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      wake();
    }, ms + 50);
    timer.unref();
    retryTimers.add(timer);
  }

  async function sweepAbandoned() {
    if (Date.now() - lastSweep < leaseSeconds * 1000) return;
    lastSweep = Date.now();
    const ids = await failAbandoned(db);
    for (const id of ids) {
      const rows = await db.query<{ queue: string; payload: unknown; error: string }>('SELECT queue, payload, error FROM jobs WHERE id = $1', [id]);
      const row = rows[0];
      if (row) await handlers[row.queue]?.onFailed?.({ id, payload: row.payload }, row.error);
    }
  }

  async function execute(job: Job) {
    const handler = handlers[job.queue]!;
    const beat = setInterval(() => {
      heartbeat(db, job.id, workerId, leaseSeconds).catch((error) => log.warn({ err: error, jobId: job.id }, 'heartbeat failed'));
    }, (leaseSeconds * 1000) / 3);
    try {
      const result = await handler.run(job, { workerId });
      await complete(db, job.id, workerId, result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = await fail(db, job.id, workerId, message, error instanceof PermanentJobError);
      log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempts, status, error: message }, 'job failed');
      // A retry waits 2^attempts s (queue.ts fail): look again then rather than at the next poll.
      if (status === 'queued') retryAt(2 ** job.attempts * 1000);
      if (status === 'failed') await handler.onFailed?.(job, message);
    } finally {
      clearInterval(beat);
    }
  }

  async function loop() {
    while (!stopped) {
      woken = false;
      try {
        await sweepAbandoned();
        while (!stopped && active < concurrency) {
          const job = await claim(db, queues, workerId, leaseSeconds);
          if (!job) break;
          active++;
          const task = execute(job)
            .catch((error) => log.error({ err: error, jobId: job.id }, 'job bookkeeping failed'))
            .finally(() => {
              active--;
              running.delete(task);
              wake();
            });
          running.add(task);
        }
      } catch (error) {
        if (!stopped) log.error({ err: error }, 'job runner could not reach the database');
      }
      if (stopped) break;
      if (woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  const looping = loop();
  log.info({ workerId, queues, concurrency }, 'job runner started');
  return {
    workerId,
    wake,
    async stop() {
      stopped = true;
      for (const timer of retryTimers) clearTimeout(timer);
      wakeUp?.();
      await looping;
      await Promise.allSettled([...running]);
    },
  };
}
