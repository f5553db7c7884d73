import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config';
import { getJob } from '../../src/jobs/queue';
import { heldOutQueries, insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';
import { call, dbKinds, postgresUrl, startPortal, type TestPortal } from '../support/portal';

async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe.skipIf(!dbKinds.includes('postgres'))('identification by a separate `mdc worker` process on PostgreSQL', () => {
  let portal: TestPortal;
  let worker: ChildProcess | undefined;
  let workerHome: string;
  let output = '';

  beforeAll(async () => {
    // The server only queues: its own runner is off, as with MDC_EMBEDDED_WORKERS=0 in production.
    portal = await startPortal('postgres', { MDC_EMBEDDED_WORKERS: '0' });
    expect(portal.runner).toBeUndefined();
    await insertReferences(portal.db, '16S', await smallReferenceSet('16S'));
    workerHome = mkdtempSync(path.join(os.tmpdir(), 'mdc-worker-'));
    worker = spawn(process.execPath, [path.join(repoRoot, 'apps/server/bin/mdc.js'), 'worker', '--concurrency', '1'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: postgresUrl, DATABASE_SCHEMA: portal.config.databaseSchema!, MDC_HOME: workerHome, LOG_LEVEL: 'info', MDC_BLAST_THREADS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(async () => (output.includes('mdc worker ready') ? true : undefined));
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker!.once('exit', resolve));
    }
    await portal?.close();
    if (workerHome) rmSync(workerHome, { recursive: true, force: true });
  });

  it('the worker process takes the task from the queue, identifies it and the server shows the result', async () => {
    const [listeria] = (await heldOutQueries('16S')).filter((q) => q.expected === 'Listeria monocytogenes');
    const submit = await call(portal, 'POST', '/api/blast/tasks', { marker: '16S', sequence: listeria!.sequence });
    expect(submit.body.data.status).toBe('running');
    const id: string = submit.body.data.id;

    const task = await waitFor(async () => {
      const detail = await call(portal, 'GET', `/api/blast/tasks/${id}`);
      return detail.body.data.status === 'running' ? undefined : detail.body.data;
    });
    expect(task.status).toBe('done');
    expect(task.sequences[0].result.hits[0].species).toBe('Listeria monocytogenes');

    const jobId = (await portal.db.query<{ job_id: number }>('SELECT job_id FROM blast_task WHERE id = $1', [id]))[0]!.job_id;
    const job = await getJob(portal.db, Number(jobId));
    expect((job?.result as { by: string }).by).toContain(`:${worker!.pid}:`);
    // The worker built its index once and said how long it took.
    expect(output).toMatch(/identification index built/);
  });
});
