/**
 * Issue 17: the antibiogram pocket card (PDF) is drawn in the PDF threads, not in the request. A
 * portal on the embedded database (in memory, the small reference data the API tests use) takes a
 * WHONET file of --isolates isolates (copies of the shared SampleInputFile, each a week later
 * with its own patients) into one account's isolate store. Then, while GET /api/health (no
 * database) and GET /api/blast/info (a database read) are each asked every 50 ms on the same
 * event loop, the card is exported (A4, both languages), and, for the comparison, the same card
 * is drawn the way it was before: in the request, on the event loop.
 * Pass: the PDFs come back and, during the threaded export, the event loop was never held 1 s or
 * more and no health probe waited 1 s or more. The database probe is reported, not judged: the
 * export reads the report from the embedded database, which answers one query at a time, before
 * and after this change alike. The first export (starting the PDF thread) is not measured.
 *
 *   npx tsx bench/server/antibiogram-pdf.ts [--isolates 10000] [--save DIR]   (--save: the threaded PDFs, to look at)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call } from '../../apps/server/test/support/portal';
import { antibiogramPdf } from '../../apps/server/src/lab/antibiogram/export';
import { whileProbing } from './inject-probe';
import { interpretedBatch, startLabPortal } from './lab-portal';

const { values } = parseArgs({ options: { isolates: { type: 'string', default: '10000' }, save: { type: 'string' } } });
const wanted = Number(values.isolates);
/** GET /api/health (no database) and GET /api/blast/info (a database read). */
const PROBES = ['/api/health', '/api/blast/info'];
const { portal, token, close } = await startLabPortal();

try {
  const batch = await interpretedBatch(portal, token, wanted);
  const report = (await call(portal, 'GET', '/api/lab/antibiogram?period=all', undefined, { token })).body.data;
  console.log(`${report.facets.isolates} isolates stored in ${batch.seconds.toFixed(1)} s; period ${report.period}`);

  // A running server has its PDF threads started: the first export starts one, not measured.
  await portal.app.inject({ method: 'GET', url: '/api/lab/antibiogram/export?format=pdf&size=A5&period=all&lang=en', headers: { authorization: `Bearer ${token}` } });
  const rows: string[] = [];
  let pass = true;
  for (const lang of ['zh', 'en'] as const) {
    const threaded = await whileProbing(portal, PROBES, () =>
      portal.app.inject({ method: 'GET', url: `/api/lab/antibiogram/export?format=pdf&size=A4&period=all&lang=${lang}`, headers: { authorization: `Bearer ${token}` } }),
    );
    const ok = threaded.value.statusCode === 200 && threaded.value.rawPayload.subarray(0, 5).toString() === '%PDF-';
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      writeFileSync(path.join(values.save, `antibiogram-${lang}.pdf`), threaded.value.rawPayload);
    }
    // As before this change: the card drawn in the request, on the event loop (the report read the same way).
    const inRequest = await whileProbing(portal, PROBES, async () => {
      const again = (await call(portal, 'GET', `/api/lab/antibiogram?period=all&lang=${lang}`, undefined, { token })).body.data;
      return antibiogramPdf(again, lang, 'A4');
    });
    pass &&= ok && threaded.maxWaitMs[0]! < 1000 && threaded.maxDelayMs < 1000;
    rows.push(
      `| ${lang} | ${ok ? `${(threaded.value.rawPayload.length / 1024).toFixed(0)} KB` : `HTTP ${threaded.value.statusCode}`} | ${(threaded.ms / 1000).toFixed(2)} s | ${threaded.maxDelayMs.toFixed(0)} ms | ${(threaded.maxWaitMs[0]! / 1000).toFixed(2)} s | ${(threaded.maxWaitMs[1]! / 1000).toFixed(2)} s | ${(inRequest.ms / 1000).toFixed(2)} s | ${inRequest.maxDelayMs.toFixed(0)} ms | ${(inRequest.maxWaitMs[0]! / 1000).toFixed(2)} s | ${(inRequest.maxWaitMs[1]! / 1000).toFixed(2)} s |`,
    );
  }
  console.log('| language | PDF | export (threads) | event loop held at most | health probe, longest wait | database probe, longest wait | drawn in the request (before) | event loop held at most | health probe | database probe |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`${pass ? 'PASS' : 'FAIL'}: the pocket card of ${wanted} isolates comes back while the event loop is never held 1 s and no health probe waits 1 s`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await close();
}
