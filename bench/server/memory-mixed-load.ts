/**
 * Issues 17 and 28's memory findings: the server's resident memory after a long mixed load. A
 * portal on the embedded database (PGlite, the 44 shared reference genomes, the small 16S set and
 * the small reference folder the API tests import: taxonomy, WHONET and AMR tables) is warmed with
 * one task of each kind, then for --minutes takes rounds of: 4 16S tasks (held-out queries), one
 * genome upload (a shared test assembly), 20 autocompletes, and the PDF and CSV of a finished
 * task in both languages; a round takes at least 6 s (the portal takes 60 submissions a minute
 * from one address). Every --heavy-every rounds (and in the warm-up) the heavy requests of issue
 * 28 come too: the anonymous breakpoint download of every year as .xlsx, and a Lab batch of
 * --isolates WHONET isolates (copies of the shared sample) from upload until it is interpreted.
 * RSS is read from /proc after the warm-up, at its peak, after the load and after --idle s idle
 * (default 75: idle worker threads end after a minute).
 * Pass: after the idle time, RSS is at most --budget MB (default 400) above the warmed-up figure —
 * what the caches may add —, at most --ceiling MB (default 2048, the budget the README states) in
 * all, and it levels off: over the second half of the load it grows at most --settle MB (default
 * 100); a leak grows with the number of rounds. RSS is printed each minute, with the server's own
 * account: JavaScript heap, buffers, the embedded database's WebAssembly memory, threads.
 *
 *   npx tsx bench/server/memory-mixed-load.ts [--minutes 3] [--budget 400] [--ceiling 2048] [--settle 100] [--isolates 3000] [--heavy-every 10] [--idle 75] [--data small|full]
 *
 * The small reference folder's breakpoint table is a few genera and drugs (the auditor's download
 * of the whole table read ~50,000 rows): importing the whole folder takes 5 min on a loaded 2-core
 * machine, more than the bench should spend before it starts. `--data full` imports it all
 * (about 2 minutes on a quiet machine): the search index, 16S/18S/ITS and breakpoint tables in full.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { heldOutQueries } from '../../apps/server/src/blast/rrna/test-references';
import { sampleCopies } from '../lab/whonet-copies';
import { json, repo, startBenchPortal, waitDone } from './harness';

const { values } = parseArgs({ options: {
    minutes: { type: 'string', default: '3' },
    budget: { type: 'string', default: '400' },
    ceiling: { type: 'string', default: '2048' },
    settle: { type: 'string', default: '100' },
    isolates: { type: 'string', default: '3000' },
    'heavy-every': { type: 'string', default: '10' },
    idle: { type: 'string', default: '75' },
    data: { type: 'string', default: 'small' },
  },
});
const minutes = Number(values.minutes);
const budgetMb = Number(values.budget);
/** The README's stated budget: the server's RSS after the load, whatever it started at. */
const ceilingMb = Number(values.ceiling);
/** Levelling off: over the second half of the load RSS may grow at most this much. */
const settleMb = Number(values.settle);
const heavyEvery = Number(values['heavy-every']);
const idleSeconds = Number(values.idle);
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
const queries = await heldOutQueries('16S');
const dir = path.join(process.env.REFDATA_DIR ?? '/work/shared/data', 'genome/test');
const genomes = readdirSync(dir)
  .filter((f) => /\.fna\.gz$/.test(f))
  .slice(0, 4)
  .map((f) => ({ name: f, bytes: readFileSync(path.join(dir, f)) }));
const work = path.join(repo, 'bench/work/lab');
mkdirSync(work, { recursive: true });
const whonet = readFileSync(await sampleCopies(process.env.REFDATA_DIR ?? '/work/shared/data', work, Number(values.isolates)));

// One client from one address sends all of it: the per-address API rate limit is not what is measured.
// The malloc settings `mdc serve` starts the server with (apps/server/bin/mdc.js): the portal is
// measured as it runs.
const portal = await startBenchPortal(
  { BENCH_GENOMES: '1', BENCH_MEMORY: '1', BENCH_REFDATA: values.data!, BENCH_ACCOUNT: '1', RATE_LIMIT_API: '1000000', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' },
  900_000,
);
const token = /^TOKEN (\S+)$/m.exec(portal.output())![1]!;
/** The server's own last account of its memory: heap, external, array buffers (MB). */
const usage = () => {
  const lines = portal.output().match(/^MEMORY .*$/gm);
  return lines ? (JSON.parse(lines.at(-1)!.slice(7)) as Record<string, number>) : null;
};
/** The server's account of its memory in words. */
const account = (u: Record<string, number>) =>
  `JS heap ${u.heapUsed} of ${u.heapTotal} MB, external ${u.external} MB, of it array buffers ${u.arrayBuffers} MB${u.pglite == null ? '' : `, embedded database ${u.pglite} MB`}${u.threads ? `, ${u.threads} threads` : ''}`;
let round = 0;
let tasks = 0;
let failed = 0;
let batches = 0;
let downloads = 0;

async function submit16S(i: number): Promise<{ id: string; token: string }> {
  const query = queries[i % queries.length]!;
  const answer = await json(
    await fetch(`${portal.base}/api/blast/tasks`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ method: '16S', sequence: `>q${i}\n${query.sequence}` }).toString(),
    }),
  );
  if (answer.code !== 0) throw new Error(`16S submission refused: ${answer.msg}`);
  return answer.data;
}

async function submitGenome(i: number): Promise<{ id: string; token: string }> {
  const genome = genomes[i % genomes.length]!;
  const form = new FormData();
  form.append('method', 'genome');
  form.append('file', new Blob([genome.bytes]), genome.name);
  const answer = await json(await fetch(`${portal.base}/api/blast/tasks`, { method: 'POST', body: form }));
  if (answer.code !== 0) throw new Error(`genome submission refused: ${answer.msg}`);
  return answer.data;
}

async function exports(task: { id: string; token: string }): Promise<void> {
  for (const locale of ['zh', 'en']) {
    for (const kind of ['pdf', 'csv']) {
      const response = await fetch(`${portal.base}/api/blast/tasks/${task.id}/export.${kind}?token=${task.token}`, { headers: { local: locale } });
      await response.arrayBuffer();
    }
  }
}

/** A Lab batch uploaded and interpreted, as a signed-in person sends it. */
async function labBatch(): Promise<void> {
  const form = new FormData();
  form.append('guideline', 'CLSI 2022');
  form.append('file', new Blob([whonet]), 'whonet.txt');
  const auth = { authorization: `Bearer ${token}` };
  const created = await json(await fetch(`${portal.base}/api/lab/batches`, { method: 'POST', body: form, headers: auth }));
  if (created.code !== 0) throw new Error(`batch refused: ${created.msg}`);
  const deadline = Date.now() + 600_000;
  for (;;) {
    const detail = await json(await fetch(`${portal.base}/api/lab/experiments/${created.data.id}`, { headers: auth }));
    if (detail.data.status === 'done') break;
    if (detail.data.status === 'failed' || Date.now() > deadline) throw new Error(`batch not interpreted: ${JSON.stringify(detail.data).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  batches++;
}

/** The anonymous download of the whole breakpoint table as .xlsx. */
async function breakpointDownload(): Promise<void> {
  const response = await fetch(`${portal.base}/api/resource/breakpoints/export?format=xlsx&year=all`);
  const bytes = await response.arrayBuffer();
  if (response.status !== 200 || bytes.byteLength === 0) throw new Error(`breakpoint download: HTTP ${response.status}`);
  downloads++;
}

async function oneRound(): Promise<void> {
  const started = Date.now();
  const heavy = round % heavyEvery === 0 ? Promise.all([labBatch(), breakpointDownload()]) : Promise.resolve();
  const submitted = await Promise.all([...Array.from({ length: 4 }, (_, i) => submit16S(round * 4 + i)), submitGenome(round)]);
  await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const response = await fetch(`${portal.base}/api/search/autocomplete`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `kwd=${['esch', 'staph', 'salm', 'klebs', 'strep'][i % 5]}`,
      });
      await response.arrayBuffer();
    }),
  );
  for (const task of submitted) {
    const done = await waitDone(portal.base, task.id, task.token, 600_000);
    tasks++;
    if (done.status !== 'done') failed++;
  }
  await exports(submitted[0]!);
  await exports(submitted.at(-1)!);
  await heavy;
  round++;
  // Task submissions are limited to 60 a minute per address: five a round, at most one round in 6 s.
  await new Promise((r) => setTimeout(r, Math.max(0, started + 6000 - Date.now())));
}

try {
  await oneRound();
  await new Promise((r) => setTimeout(r, 5000));
  const warm = portal.rssMb();
  const warmLoad = load();
  let peak = warm;
  const sampler = setInterval(() => (peak = Math.max(peak, portal.rssMb())), 200);
  const begun = Date.now();
  const until = begun + minutes * 60_000;
  const trace: { minute: number; rss: number; round: number }[] = [];
  const tracer = setInterval(() => {
    trace.push({ minute: Math.round((Date.now() - begun) / 60_000), rss: portal.rssMb(), round });
    const u = usage();
    console.log(`minute ${trace.at(-1)!.minute}: RSS ${trace.at(-1)!.rss.toFixed(0)} MB after ${round} rounds${u ? ` (${account(u)})` : ''}, load ${load()}`);
  }, 60_000);
  while (Date.now() < until) await oneRound();
  clearInterval(tracer);
  const after = portal.rssMb();
  trace.push({ minute: Math.round((Date.now() - begun) / 60_000), rss: after, round });
  const half = trace.filter((t) => t.minute <= minutes / 2).at(-1) ?? { rss: warm };
  const idleFrom = load();
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  const idle = portal.rssMb();
  clearInterval(sampler);
  console.log(`${round} rounds in ${minutes} min: ${tasks} tasks (${failed} not done), ${round * 20} autocompletes, ${round * 8} exports, ${batches} Lab batches of ${values.isolates} isolates, ${downloads} breakpoint downloads (every year, .xlsx)`);
  const u = usage();
  if (u) console.log(`after ${idleSeconds} s idle the server counts: ${account(u)}`);
  console.log(`server RSS: warmed up ${warm.toFixed(0)} MB (load ${warmLoad}), peak ${peak.toFixed(0)} MB, after the load ${after.toFixed(0)} MB (load ${idleFrom}), after ${idleSeconds} s idle ${idle.toFixed(0)} MB (load ${load()})`);
  const secondHalf = after - half.rss;
  console.log(`RSS by minute: ${[{ minute: 0, rss: warm }, ...trace].map((t) => `${t.minute}′ ${t.rss.toFixed(0)}`).join(', ')} MB; growth over the second half ${secondHalf.toFixed(0)} MB`);
  const pass = failed === 0 && idle - warm <= budgetMb && idle <= ceilingMb && secondHalf <= settleMb;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: after ${minutes} min of mixed load and ${idleSeconds} s idle the server's RSS stays within ${budgetMb} MB of its warmed-up figure (${(idle - warm).toFixed(0)} MB), under ${ceilingMb} MB (${idle.toFixed(0)} MB), and grows at most ${settleMb} MB over the second half (${secondHalf.toFixed(0)} MB)`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await portal.stop();
}
