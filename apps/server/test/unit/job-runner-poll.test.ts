import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/db';
import { startRunner } from '../../src/jobs/runner';

/**
 * A stand-in for the database that records the runner's statements: the claim finds the jobs
 * put in `ready`, the failure of a job re-queues it while attempts are left.
 */
function fakeDb(kind: Db['kind']) {
  let claimCount = 0;
  const ready: Array<{ id: number; attempts: number }> = [];
  const db = {
    kind,
    async query(sql: string) {
      if (sql.includes("SET status = 'running'")) {
        claimCount++;
        const job = ready.shift();
        return job ? [{ id: job.id, queue: 'q', payload: {}, status: 'running', attempts: job.attempts, max_attempts: 3 }] : [];
      }
      if (sql.includes('run_after = now() + make_interval')) return [{ status: 'queued' }];
      return [];
    },
  } as unknown as Db;
  const claims = () => claimCount;
  return { db, ready, claims };
}

describe('job runner polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('on the embedded database does not query while idle and unwoken (each query blocks the event loop)', async () => {
    const { db, claims } = fakeDb('pglite');
    const runner = startRunner({ db, handlers: { q: { run: async () => undefined } } });
    await vi.advanceTimersByTimeAsync(5_000);
    // One look at start-up; before, one every 500 ms (11 in 5 s).
    expect(claims()).toBe(1);
    await runner.stop();
  });

  it('on PostgreSQL keeps looking twice a second: other processes enqueue', async () => {
    const { db, claims } = fakeDb('postgres');
    const runner = startRunner({ db, handlers: { q: { run: async () => undefined } } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(claims()).toBeGreaterThanOrEqual(10);
    await runner.stop();
  });

  it('a wake runs an enqueued job at once, and a failed attempt is retried after its back-off, not at the next poll', async () => {
    const { db, ready, claims } = fakeDb('pglite');
    const runs: number[] = [];
    const runner = startRunner({
      db,
      handlers: {
        q: {
          run: async (job) => {
            runs.push(job.attempts);
            if (job.attempts === 1) {
              // The retry becomes claimable once its back-off (2 s after attempt 1) has passed.
              setTimeout(() => ready.push({ id: 1, attempts: 2 }), 2_000);
              throw new Error('transient');
            }
          },
        },
      },
    });
    await vi.advanceTimersByTimeAsync(100);
    ready.push({ id: 1, attempts: 1 });
    runner.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toEqual([1]);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(runs).toEqual([1, 2]);
    expect(claims()).toBeLessThan(10);
    await runner.stop();
  });

  it('a wake during a claim is not lost', async () => {
    const { db, ready } = fakeDb('pglite');
    const runs: number[] = [];
    let holdClaim: (() => void) | undefined;
    const query = db.query.bind(db);
    let first = true;
    (db as { query: Db['query'] }).query = (async (sql: string, params?: unknown[]) => {
      if (first && sql.includes("SET status = 'running'")) {
        first = false;
        // The claim looks before the enqueue commits; the enqueue's wake comes while it runs.
        const answer = await query(sql, params);
        await new Promise<void>((resolve) => (holdClaim = resolve));
        return answer;
      }
      return query(sql, params);
    }) as Db['query'];
    const runner = startRunner({ db, handlers: { q: { run: async (job) => void runs.push(job.id) } } });
    await vi.advanceTimersByTimeAsync(10);
    ready.push({ id: 7, attempts: 1 });
    runner.wake();
    holdClaim!();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toEqual([7]);
    await runner.stop();
  });
});
