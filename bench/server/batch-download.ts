/**
 * A batch experiment's page and its interpreted file downloaded as .xlsx, CSV and TSV, while GET /api/health
 * is asked every 50 ms on the same event loop: how long each takes and how long the
 * server's other requests wait meanwhile. The batch is a WHONET file of --isolates isolates
 * (copies of the shared SampleInputFile) on a portal on the embedded database (in memory, the
 * small reference data the API tests use).
 * Pass: every answer comes back and no health probe waits 1 s or more.
 *
 *   npx tsx bench/server/batch-download.ts [--isolates 10000]
 */
import { parseArgs } from 'node:util';
import { whileProbing } from './inject-probe';
import { interpretedBatch, startLabPortal } from './lab-portal';

const { values } = parseArgs({ options: { isolates: { type: 'string', default: '10000' } } });
const wanted = Number(values.isolates);
const { portal, token, close } = await startLabPortal();

try {
  const { id, results, seconds } = await interpretedBatch(portal, token, wanted);
  let pass = true;
  console.log(`${wanted} isolates, ${results} results interpreted in ${seconds.toFixed(1)} s`);
  console.log('| request | time | size | health probe, longest wait | event loop held at most |');
  console.log('|---|---|---|---|---|');
  {
    // The experiment's page: its summary and the first rows (asked while it runs, and when opened).
    const r = await whileProbing(portal, ['/api/health'], () => portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${id}`, headers: { authorization: `Bearer ${token}` } }));
    const ok = r.value.statusCode === 200;
    pass &&= ok && r.maxWaitMs[0]! < 1000;
    console.log(`| detail (page) | ${ok ? `${(r.ms / 1000).toFixed(2)} s` : `HTTP ${r.value.statusCode}`} | ${(r.value.rawPayload.length / 1024).toFixed(0)} KB | ${(r.maxWaitMs[0]! / 1000).toFixed(2)} s | ${(r.maxDelayMs / 1000).toFixed(2)} s |`);
  }
  for (const format of ['xlsx', 'csv', 'tsv']) {
    const r = await whileProbing(portal, ['/api/health'], () => portal.app.inject({ method: 'GET', url: `/api/lab/experiments/${id}/download?format=${format}&lang=zh`, headers: { authorization: `Bearer ${token}` } }));
    const ok = r.value.statusCode === 200 && r.value.rawPayload.length > 0;
    pass &&= ok && r.maxWaitMs[0]! < 1000;
    console.log(`| download ${format} | ${ok ? `${(r.ms / 1000).toFixed(2)} s` : `HTTP ${r.value.statusCode}`} | ${(r.value.rawPayload.length / 1024 / 1024).toFixed(1)} MB | ${(r.maxWaitMs[0]! / 1000).toFixed(2)} s | ${(r.maxDelayMs / 1000).toFixed(2)} s |`);
  }
  console.log(`${pass ? 'PASS' : 'FAIL'}: every download of a ${wanted}-isolate batch comes back while no health probe waits 1 s`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await close();
}
