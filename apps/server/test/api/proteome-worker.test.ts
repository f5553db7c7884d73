import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '../../src/jobs/queue';
import { flexZip, maldiquantSpots, platePositions, PLACEHOLDER_SPECIES, seedPlaceholderLibrary } from '../../src/blast/proteome/test-spectra';
import { startWorker, waitFor, type WorkerProcess } from '../support/blast';
import { call, dbKinds, startPortal, type TestPortal } from '../support/portal';

describe.skipIf(!dbKinds.includes('postgres'))('MALDI-TOF plates identified by a separate `mdc worker` process on PostgreSQL', () => {
  let portal: TestPortal;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    // The server only queues (and checks uploads); the worker process reads and scores the spectra.
    portal = await startPortal('postgres', { MDC_EMBEDDED_WORKERS: '0' });
    expect(portal.runner).toBeUndefined();
    await seedPlaceholderLibrary(portal.db, (s) => s.spot === 'F10');
    worker = await startWorker(portal);
  });
  afterAll(async () => {
    await worker?.stop();
    await portal?.close();
  });

  it('the worker takes the plate from the queue, identifies every spot and the server shows the result', async () => {
    const plate = (await maldiquantSpots()).filter((s) => s.spot === 'F10');
    const form = new FormData();
    form.append('method', 'proteome');
    form.append('file', new Blob([flexZip(plate, platePositions(plate.length))]), 'plate.zip');
    const request = new Request('http://portal.test/', { method: 'POST', body: form });
    const submit = await portal.app.inject({ method: 'POST', url: '/api/blast/tasks', headers: { 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    expect(submit.json().data).toMatchObject({ status: 'running', itemCount: plate.length });
    const id: string = submit.json().data.id;

    const task = await waitFor(async () => {
      const detail = await call(portal, 'GET', `/api/blast/tasks/${id}`);
      return detail.body.data.status === 'running' ? undefined : detail.body.data;
    });
    expect(task.status).toBe('done');
    expect(task.proteome.spectra.map((s: { call: { species: string } }) => s.call.species)).toEqual(plate.map((s) => PLACEHOLDER_SPECIES[s.label]));
    const jobId = (await portal.db.query<{ job_id: number }>('SELECT job_id FROM blast_task WHERE id = $1', [id]))[0]!.job_id;
    expect(((await getJob(portal.db, Number(jobId)))?.result as { by: string }).by).toContain(`:${worker!.child.pid}:`);
    // What the explanation needs was written by the worker with the result.
    expect((await call(portal, 'GET', `/api/blast/proteome/tasks/${id}/explain?spectrum=5&rank=1`)).body.data.hit.species).toBe(task.proteome.spectra[5].call.species);
  });
});
