/**
 * R4 of issue 17: a small zip of 96 flex spots that unpacks ~100:1 passed every size check and
 * the server held 4.8 GB after its job. Against a portal on the embedded database with the
 * built-in MALDI-TOF library, while autocomplete is probed every 100 ms:
 *
 * - "hostile plate": 96 spots of 400,000 points each (a fid of slowly varying counts, ~100:1),
 *   38.4 million points in all. Pass: refused at upload (HTTP 400, the data-point budget named),
 *   the server growing less than --growth MB (default 200).
 * - "real plate": the 72 MALDIquant flex spectra placed on the 96 positions of a target, identified.
 *   Pass: the task finishes, no probe waits 1 s while it is read and identified, and 15 s after
 *   it the server holds at most --after MB (default 1,024: the spectrum thread's heap budget)
 *   more than before it.
 *
 * A single spot is identified first, so that the spectrum thread's start is not counted.
 *
 *   REFDATA_DIR=… npx tsx bench/server/maldi-plate.ts [--growth 200] [--after 1024]
 */
import { parseArgs } from 'node:util';
import { flexZip, maldiquantSpots, platePositions, zipFiles } from '../../apps/server/src/blast/proteome/test-spectra';
import { probe, startBenchPortal, submitFile, waitDone } from './harness';

const { values } = parseArgs({ options: { growth: { type: 'string', default: '200' }, after: { type: 'string', default: '1024' } } });
const growthMb = Number(values.growth);
const afterMb = Number(values.after);

function hostilePlate(): Buffer {
  const points = 400_000;
  const fid = Buffer.alloc(points * 4);
  for (let i = 0; i < points; i++) fid.writeInt32LE(1000 + ((i >> 6) % 50), i * 4);
  const acqu = Buffer.from(`##TITLE= plate\n##$TD= ${points}\n##$DELAY= 20000\n##$DW= 0.5\n##$ML1= 5000000\n##$ML2= 700\n##$ML3= 0\n##END=\n`, 'latin1');
  const files: [string, Buffer][] = [];
  for (const [i, position] of platePositions(96).entries()) files.push([`0_${position}/1/1SLin/fid`, i === 0 ? fid : Buffer.from(fid)], [`0_${position}/1/1SLin/acqu`, acqu]);
  return zipFiles(files);
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const spots = await maldiquantSpots();
const portal = await startBenchPortal({ BENCH_MALDI: '1' });
const verdicts: boolean[] = [];
try {
  const warm = await submitFile(portal.base, 'proteome', 'spot.zip', flexZip(spots.slice(0, 1)));
  if (warm.body.code !== 0) throw new Error(`warm-up refused: ${warm.body.msg}`);
  await waitDone(portal.base, warm.body.data.id, warm.body.data.token);
  await settle(5_000);

  {
    const bytes = hostilePlate();
    const before = portal.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, portal.rssMb())), 50);
    const answer = await submitFile(portal.base, 'proteome', 'hostile-plate.zip', bytes);
    await settle(1_000);
    clearInterval(sampler);
    const pass = answer.status === 400 && /data points/.test(answer.body.msg) && peak - before < growthMb;
    verdicts.push(pass);
    console.log(`— hostile plate (${(bytes.length / 1e6).toFixed(2)} MB zip, 96 × 400,000 points) —`);
    console.log(`HTTP ${answer.status} after ${(answer.ms / 1000).toFixed(2)} s: ${answer.body.msg}`);
    console.log(`server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)})`);
    console.log(`${pass ? 'PASS' : 'FAIL'}: the hostile plate is refused at upload for its data points, the server growing less than ${growthMb} MB`);
  }

  {
    const positions = platePositions(96);
    const bytes = flexZip(positions.map((_, i) => spots[i % spots.length]!), positions);
    await settle(2_000);
    const before = portal.rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, portal.rssMb())), 100);
    const prober = probe(`${portal.base}/api/search/autocomplete`, 100, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'kwd=esch' });
    const started = performance.now();
    const answer = await submitFile(portal.base, 'proteome', 'plate.zip', bytes);
    const task = answer.body.code === 0 ? await waitDone(portal.base, answer.body.data.id, answer.body.data.token, 300_000) : undefined;
    const jobMs = performance.now() - started;
    const waits = await prober.stop();
    clearInterval(sampler);
    await settle(15_000);
    const after = portal.rssMb();
    const pass = task?.status === 'done' && waits.maxMs < 1000 && after - before < afterMb;
    verdicts.push(pass);
    console.log(`— real plate (${(bytes.length / 1e6).toFixed(2)} MB zip, 96 spots) —`);
    console.log(`HTTP ${answer.status}; task ${task?.status ?? answer.body.msg} after ${(jobMs / 1000).toFixed(1)} s`);
    console.log(`probe: ${waits.count} requests, p99 ${(waits.p99Ms / 1000).toFixed(2)} s, longest wait ${(waits.maxMs / 1000).toFixed(2)} s`);
    console.log(`server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} → ${after.toFixed(0)} MB 15 s after the job (+${(after - before).toFixed(0)})`);
    console.log(`${pass ? 'PASS' : 'FAIL'}: the 96-spot plate is identified while no other request waits 1 s, and 15 s later the server holds less than ${afterMb} MB more than before`);
  }
} finally {
  await portal.stop();
}
process.exitCode = verdicts.every(Boolean) ? 0 : 1;
