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
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { activeAccountToken } from '../../apps/server/test/support/accounts';
import { upload } from '../../apps/server/test/support/blast';
import { call, startPortal } from '../../apps/server/test/support/portal';
import { buildSmallDataDir, realDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { sampleCopies } from '../lab/whonet-copies';
import { repo } from './harness';
import { whileProbing } from './inject-probe';

const { values } = parseArgs({ options: { isolates: { type: 'string', default: '10000' } } });
const wanted = Number(values.isolates);
const work = path.join(repo, 'bench/work/lab');
mkdirSync(work, { recursive: true });
const file = await sampleCopies(realDataDir(), work, wanted);
const small = buildSmallDataDir();
const portal = await startPortal('pglite', { REFDATA_DIR: small, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_API: '1000000' });

try {
  await portal.app.refdata.runImport(small);
  const token = await activeAccountToken(portal, 'bench');
  const created = await upload(portal, '/api/lab/batches', { guideline: 'CLSI 2022' }, [{ name: path.basename(file), bytes: readFileSync(file) }], { token });
  if (created.body.code !== 0) throw new Error(`batch refused: ${created.body.msg}`);
  const id = created.body.data.id as string;
  const loaded = performance.now();
  let results = 0;
  for (;;) {
    const detail = await call(portal, 'GET', `/api/lab/experiments/${id}`, undefined, { token });
    if (detail.body.data.status === 'done') {
      results = detail.body.data.resultCount;
      break;
    }
    if (detail.body.data.status === 'failed') throw new Error(`batch failed: ${JSON.stringify(detail.body.data)}`);
    if (performance.now() - loaded > 900_000) throw new Error('batch not done in 15 min');
    await new Promise((r) => setTimeout(r, 1000));
  }
  let pass = true;
  console.log(`${wanted} isolates, ${results} results interpreted in ${((performance.now() - loaded) / 1000).toFixed(1)} s`);
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
  await portal.close();
  rmSync(small, { recursive: true, force: true });
}
