import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../src/db';
import { openPostgres } from '../../src/db/postgres';
import { migrate } from '../../src/db/migrate';
import { enqueue, getJob } from '../../src/jobs/queue';
import { PermanentJobError, startRunner } from '../../src/jobs/runner';
import { dbKinds, postgresUrl } from '../support/portal';

const here = path.dirname(fileURLToPath(import.meta.url));

async function openTestDb(kind: 'pglite' | 'postgres') {
  const schema = `q_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const db = kind === 'postgres' ? await openPostgres(postgresUrl, schema) : await openDb({ home: '' }, { memory: true });
  await migrate(db);
  return {
    db,
    schema,
    async close() {
      if (kind === 'postgres') await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    },
  };
}

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function statuses(db: Db) {
  return db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM jobs GROUP BY status ORDER BY status');
}

describe.each(dbKinds)('job queue on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => t?.close());

  it('runs each of many concurrent submissions exactly once', async () => {
    const runs = new Map<number, number>();
    const runnerA = startRunner({ db: t.db, concurrency: 3, pollMs: 50, handlers: { sum: { run: async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
      return { total: (job.payload as { a: number; b: number }).a + (job.payload as { a: number; b: number }).b };
    } } } });
    const runnerB = startRunner({ db: t.db, concurrency: 2, pollMs: 50, handlers: { sum: { run: async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      return { total: (job.payload as { a: number; b: number }).a + (job.payload as { a: number; b: number }).b };
    } } } });
    try {
      const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => enqueue(t.db, 'sum', { a: i, b: 1000 })));
      expect(new Set(ids).size).toBe(40);
      await waitFor(async () => {
        const rows = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'sum' AND status = 'done'`);
        return rows[0]!.n === 40 ? true : undefined;
      });
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      expect(runs.size).toBe(40);
      const job = await getJob(t.db, ids[7]!);
      expect(job?.result).toEqual({ total: 1007 });
    } finally {
      await Promise.all([runnerA.stop(), runnerB.stop()]);
    }
  });

  it('retries a failing job and fails a permanent error at once', async () => {
    let attempts = 0;
    const failedFor: string[] = [];
    const runner = startRunner({
      db: t.db,
      pollMs: 50,
      handlers: {
        flaky: { run: async () => {
          attempts++;
          if (attempts < 2) throw new Error('temporary outage');
          return 'ok';
        } },
        broken: {
          run: async () => {
            throw new PermanentJobError('Unsupported 16s gene sequence');
          },
          onFailed: async (_job, error) => {
            failedFor.push(error);
          },
        },
      },
    });
    try {
      const flaky = await enqueue(t.db, 'flaky', {});
      const broken = await enqueue(t.db, 'broken', {});
      // The retry waits 2^1 s before it runs again.
      const done = await waitFor(async () => {
        const job = await getJob(t.db, flaky);
        return job?.status === 'done' ? job : undefined;
      });
      expect(done.attempts).toBe(2);
      const failed = await waitFor(async () => {
        const job = await getJob(t.db, broken);
        return job?.status === 'failed' ? job : undefined;
      });
      expect(failed.attempts).toBe(1);
      expect(failed.error).toBe('Unsupported 16s gene sequence');
      expect(failedFor).toEqual(['Unsupported 16s gene sequence']);
    } finally {
      await runner.stop();
    }
  });

  it('fails a job whose worker died on its last attempt instead of leaving it running', async () => {
    const id = await enqueue(t.db, 'orphan', {}, { maxAttempts: 1 });
    await t.db.query(`UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead', locked_until = now() - interval '1 second' WHERE id = $1`, [id]);
    const failed: number[] = [];
    const runner = startRunner({ db: t.db, pollMs: 50, leaseSeconds: 1, handlers: { orphan: { run: async () => 'never', onFailed: async (job) => { failed.push(job.id); } } } });
    try {
      const job = await waitFor(async () => {
        const j = await getJob(t.db, id);
        return j?.status === 'failed' ? j : undefined;
      });
      expect(job.error).toMatch(/worker stopped/);
      await waitFor(async () => (failed.length ? true : undefined));
      expect(failed).toEqual([id]);
    } finally {
      await runner.stop();
    }
  });
});

describe.skipIf(!dbKinds.includes('postgres'))('separate worker processes on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof openTestDb>>;
  const children: ChildProcess[] = [];

  function startWorker(name: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../support/worker-child.ts'), postgresUrl, t.schema, name], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    return {
      child,
      output: () => out,
      ready: waitFor(async () => (out.includes('ready') ? true : undefined), 30_000),
      exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
    };
  }

  beforeAll(async () => {
    t = await openTestDb('postgres');
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await t?.close();
  });

  it('a worker killed mid-job leaves the job to another worker; both share the work', async () => {
    const a = startWorker('worker-a');
    await a.ready;
    const crashing = await enqueue(t.db, 'test', { crashOnFirstAttempt: true, value: 21 });
    expect(await a.exited).toBe(137);
    expect(a.output()).toContain(`crashing on ${crashing}`);
    expect((await getJob(t.db, crashing))?.status).toBe('running');

    const b = startWorker('worker-b');
    const c = startWorker('worker-c');
    await Promise.all([b.ready, c.ready]);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueue(t.db, 'test', { value: i, ms: 30 })));
    const recovered = await waitFor(async () => {
      const job = await getJob(t.db, crashing);
      return job?.status === 'done' ? job : undefined;
    });
    expect(recovered.attempts).toBe(2);
    expect((recovered.result as { doubled: number }).doubled).toBe(42);

    await waitFor(async () => {
      const rows = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1::bigint[]) AND status = 'done'`, [ids]);
      return rows[0]!.n === ids.length ? true : undefined;
    });
    const by = await t.db.query<{ by: string; n: number }>(`SELECT result->>'by' AS by, count(*)::int AS n FROM jobs WHERE id = ANY($1::bigint[]) GROUP BY 1`, [ids]);
    expect(by.map((r) => r.by).sort()).toEqual(['worker-b', 'worker-c']);
    expect(await statuses(t.db)).toEqual([{ status: 'done', n: 31 }]);
    b.child.kill('SIGTERM');
    c.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  });
});
