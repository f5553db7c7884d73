/**
 * R1 of issue 17: the PDF of a 16S task whose FASTA header is one long word, against a portal on
 * the embedded database, while a prober asks GET /api/blast/info (a database read) every 100 ms.
 * Pass: the PDF comes back (HTTP 200, a PDF) and no probe waited 1 s or more.
 *
 *   npx tsx bench/server/pdf-header.ts [--length 8000] [--locale zh|en] [--save report.pdf]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { heldOutQueries } from '../../apps/server/src/blast/rrna/test-references';
import { json, probe, startBenchPortal, waitDone } from './harness';

const { values } = parseArgs({ options: { length: { type: 'string', default: '8000' }, locale: { type: 'string', default: 'zh' }, save: { type: 'string' } } });
const length = Number(values.length);
const query = (await heldOutQueries('16S'))[0]!;
const header = 'Escherichia_coli_isolate_'.padEnd(length, 'X');

const portal = await startBenchPortal();
try {
  const submitted = await json(
    await fetch(`${portal.base}/api/blast/tasks`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', local: values.locale! },
      body: new URLSearchParams({ method: '16S', sequence: `>${header}\n${query.sequence}` }).toString(),
    }),
  );
  if (submitted.code !== 0) throw new Error(`submission refused: ${submitted.msg}`);
  const { id, token } = submitted.data;
  const task = await waitDone(portal.base, id, token);
  const rssBefore = portal.rssMb();
  const prober = probe(`${portal.base}/api/blast/info`, 100);
  await new Promise((r) => setTimeout(r, 300));
  const started = performance.now();
  const response = await fetch(`${portal.base}/api/blast/tasks/${id}/export.pdf?token=${token}`, { headers: { local: values.locale! } });
  const body = Buffer.from(await response.arrayBuffer());
  const pdfMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 300));
  const waits = await prober.stop();
  const rssAfter = portal.rssMb();
  const isPdf = body.subarray(0, 5).toString() === '%PDF-';
  if (values.save) writeFileSync(values.save, body);
  console.log(`task ${task.status}; header ${length} characters; PDF HTTP ${response.status} ${isPdf ? `${(body.length / 1024).toFixed(0)} KB PDF` : body.toString().slice(0, 200)} in ${(pdfMs / 1000).toFixed(2)} s`);
  console.log(`probes: ${waits.count}, longest wait ${(waits.maxMs / 1000).toFixed(2)} s, p99 ${(waits.p99Ms / 1000).toFixed(2)} s; server RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`);
  const pass = response.status === 200 && isPdf && waits.maxMs < 1000;
  console.log(`${pass ? 'PASS' : 'FAIL'}: the ${length}-character header's PDF returns while no other request waits 1 s or more`);
  process.exitCode = pass ? 0 : 1;
} finally {
  await portal.stop();
}
