import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../src/jobs/queue';
import { heldOutQueries, insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';
import { startWorker, waitFor, type WorkerProcess } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';

describe.skipIf(!dbKinds.includes('postgres'))('identification by a separate `mdc worker` process on PostgreSQL', () => {
  let portal: TestPortal;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    // The server only queues: its own runner is off, as with MDC_EMBEDDED_WORKERS=0 in production.
    portal = await startPortal('postgres', { MDC_EMBEDDED_WORKERS: '0' });
    expect(portal.runner).toBeUndefined();
    await insertReferences(portal.db, '16S', await smallReferenceSet('16S'));
    worker = await startWorker(portal, { MDC_BLAST_THREADS: '1' });
  });
  afterAll(async () => {
    await worker?.stop();
    await portal?.close();
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
    expect((job?.result as { by: string }).by).toContain(`:${worker!.child.pid}:`);
    // The worker built its index once and said how long it took.
    expect(worker!.output()).toMatch(/identification index built/);
  });
});
