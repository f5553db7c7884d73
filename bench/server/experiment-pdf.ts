/**
 * The single-experiment Lab report (PDF) is drawn in the PDF threads, not in the request (as the
 * antibiogram card and the Blast reports already were). A portal on the embedded database (in
 * memory, the small reference data the API tests use) interprets one experiment with every drug
 * of that data and the longest sample name the form takes (200 characters). Then, while GET
 * /api/health is asked every 50 ms on the same event loop, the report is exported (both
 * languages) and, for the comparison, the same report is drawn the way it was before: in the
 * request, on the event loop. The first export (starting the PDF thread) is not measured.
 * Pass: the PDFs come back and, during the threaded exports, no health probe waited 100 ms.
 *
 *   npx tsx bench/server/experiment-pdf.ts [--save DIR]   (--save: the threaded PDFs, to look at)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call } from '../../apps/server/test/support/portal';
import { SMALL_DRUGS } from '../../apps/server/test/unit/support/small-refdata';
import { experimentPdf } from '../../apps/server/src/lab/export';
import { whileProbing } from './inject-probe';
import { startLabPortal } from './lab-portal';

const { values } = parseArgs({ options: { save: { type: 'string' } } });
const { portal, token, close } = await startLabPortal();

try {
  const sampleName = '血培养 Blood culture — '.padEnd(200, 'X');
  const results = SMALL_DRUGS.map((antibiotic, i) => ({ antibiotic, value: String(2 ** ((i % 8) - 3)) }));
  const created = await call(
    portal,
    'POST',
    '/api/lab/experiments',
    { sampleName, sampleType: 'bl', organism: 'Escherichia coli', method: 'MIC', site: 'general', guideline: 'CLSI', year: '2025', results: JSON.stringify(results) },
    { token },
  );
  if (created.body.code !== 0) throw new Error(`experiment refused: ${created.body.msg}`);
  const id = created.body.data.id as string;
  for (const started = performance.now(); ; ) {
    const detail = await call(portal, 'GET', `/api/lab/experiments/${id}`, undefined, { token });
    if (detail.body.data.status === 'done') break;
    if (performance.now() - started > 60_000) throw new Error('experiment not interpreted in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const url = (lang: string) => `/api/lab/experiments/${id}/export?format=pdf&lang=${lang}`;
  // A running server has its PDF threads started: the first export starts one, not measured.
  await portal.app.inject({ method: 'GET', url: url('en'), headers: { authorization: `Bearer ${token}` } });
  const rows: string[] = [];
  let pass = true;
  for (const lang of ['zh', 'en'] as const) {
    const threaded = await whileProbing(portal, ['/api/health'], () => portal.app.inject({ method: 'GET', url: url(lang), headers: { authorization: `Bearer ${token}` } }));
    const ok = threaded.value.statusCode === 200 && threaded.value.rawPayload.subarray(0, 5).toString() === '%PDF-';
    if (values.save) {
      mkdirSync(values.save, { recursive: true });
      writeFileSync(path.join(values.save, `experiment-${lang}.pdf`), threaded.value.rawPayload);
    }
    // As before this change: the report drawn in the request, on the event loop (the experiment read the same way).
    const inRequest = await whileProbing(portal, ['/api/health'], async () => {
      const detail = (await call(portal, 'GET', `/api/lab/experiments/${id}?lang=${lang}`, undefined, { token })).body.data;
      return experimentPdf(detail, lang);
    });
    pass &&= ok && threaded.maxWaitMs[0]! < 100;
    rows.push(
      `| ${lang} | ${results.length} results, 200-character sample name | ${ok ? `${(threaded.value.rawPayload.length / 1024).toFixed(0)} KB` : `HTTP ${threaded.value.statusCode}`} | ${(threaded.ms / 1000).toFixed(2)} s | ${threaded.maxDelayMs.toFixed(0)} ms | ${threaded.maxWaitMs[0]!.toFixed(0)} ms | ${(inRequest.ms / 1000).toFixed(2)} s | ${inRequest.maxDelayMs.toFixed(0)} ms | ${inRequest.maxWaitMs[0]!.toFixed(0)} ms |`,
    );
  }
  console.log('| language | experiment | PDF | export (threads) | event loop held at most | health probe, longest wait | drawn in the request (before) | event loop held at most | health probe, longest wait |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`${pass ? 'PASS' : 'FAIL'}: the experiment's PDF comes back while no health probe waits 100 ms`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await close();
}
