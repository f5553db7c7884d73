/**
 * The server's side of proteome identification: a 96-spot plate read and identified in the
 * proteome worker thread, as a job does it, with the event loop of the process watched meanwhile.
 *
 *   npx tsx bench/identify/proteome/server.ts [--repeat=3]
 *
 * For each run: the time the thread takes to check the upload (what the submission waits for),
 * to read, preprocess and identify every spot (what the job waits for), and the longest stall of
 * the event loop that answers requests while that happens (perf_hooks' event-loop delay, 10 ms
 * resolution). For comparison, the same plate identified on the event loop itself, as it would
 * be without the thread. Prints a small report.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { identifySpectrum } from '@mdc/core/identify/proteome';
import { buildBuiltinLibrary, parseSpectrumUpload } from '@mdc/refdata/maldi';
import { ProteomePool } from '../../../apps/server/src/blast/proteome/pool';
import { flexZip, maldiDir, maldiquantSpots, platePositions } from '../../../apps/server/src/blast/proteome/test-spectra';

const arg = process.argv.find((a) => a.startsWith('--repeat='));
const REPEAT = arg ? Number(arg.split('=')[1]) : 3;

const library = await buildBuiltinLibrary(path.dirname(maldiDir()));
const spots = await maldiquantSpots();
const plateSpots = [...spots, ...spots.slice(0, 24)];
const plate = flexZip(plateSpots, platePositions(plateSpots.length));
console.log(`plate: ${plateSpots.length} spots, ${(plate.length / 1024 / 1024).toFixed(1)} MB zip; library: ${library.length} main spectra`);

async function watched<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; maxStallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  // A loop blocked to the end is seen only by the next timer: let it fire before stopping.
  await new Promise((resolve) => setTimeout(resolve, 30));
  histogram.disable();
  // The histogram's delays include its own 10 ms sampling interval.
  return { value, ms, maxStallMs: Math.max(0, histogram.max / 1e6 - 10) };
}

const pool = new ProteomePool();
await pool.read('warm-up.zip', flexZip(spots.slice(0, 1)));
for (let run = 1; run <= REPEAT; run++) {
  const read = await watched(() => pool.read('plate.zip', plate));
  const identified = await watched(() => pool.identify('plate.zip', plate, library, { profilePoints: 1600 }));
  console.log(
    `thread, run ${run}: upload check ${read.ms.toFixed(0)} ms (event loop stalled ≤ ${read.maxStallMs.toFixed(0)} ms); ` +
      `read + identify ${identified.value.spectra.length} spots ${(identified.ms / 1000).toFixed(2)} s ` +
      `(thread: read ${identified.value.readMs.toFixed(0)} ms, identify ${identified.value.identifyMs.toFixed(0)} ms; event loop stalled ≤ ${identified.maxStallMs.toFixed(0)} ms)`,
  );
}
// The PDF of the plate (a page per two spots, each with its mirrored picture), drawn in the thread.
{
  const answer = await pool.identify('plate.zip', plate, library, { profilePoints: 1600 });
  const byId = new Map(library.map((e) => [e.id, e]));
  const { taskResult } = await import('../../../apps/server/src/blast/proteome/method');
  const result = taskResult(answer.spectra, { entries: library, own: 0 }, {}, {});
  const pictures = new Map(answer.spectra.map((s, i) => [i, { profile: s.profile, peaks: s.peaks, reference: s.identification.call ? byId.get(s.identification.call.entryId)!.peaks : null }]));
  const task = { id: 'bench', file_name: 'plate.zip', created_at: new Date(), finished_at: new Date(), error_zh: null, error_en: null, result };
  const pdf = await watched(() => pool.pdf(task, 'zh', pictures, 'Asia/Shanghai'));
  console.log(`PDF of the plate (zh) in the thread: ${(pdf.ms / 1000).toFixed(2)} s, ${(pdf.value.length / 1024).toFixed(0)} KB; event loop stalled ≤ ${pdf.maxStallMs.toFixed(0)} ms`);
}
await pool.close();

const inline = await watched(async () => {
  const spectra = await parseSpectrumUpload(plate, 'plate.zip');
  return spectra.map((s) => identifySpectrum(s, library, { keepProfile: 1600 }));
});
console.log(`on the event loop instead: ${(inline.ms / 1000).toFixed(2)} s, event loop stalled up to ${inline.maxStallMs.toFixed(0)} ms`);
