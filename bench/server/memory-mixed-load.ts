/**
 * Issue 17's memory finding: the server's resident memory after a long mixed load. A portal on the
 * embedded database (PGlite, the 44 shared reference genomes, the small 16S set) is warmed with
 * one task of each kind, then for --minutes takes rounds of: 4 16S tasks (held-out queries), one
 * genome upload (a shared test assembly), 20 autocompletes, and the PDF and CSV of a finished
 * task in both languages; a round takes at least 6 s (the portal takes 60 submissions a minute from one address). RSS is read from /proc after the warm-up, at its peak, after the load
 * and after 15 s idle.
 * Pass: after the load, RSS is at most --budget MB (default 400) above the warmed-up figure — what
 * the caches may add —, at most --ceiling MB (default 2048, the budget the README states) in all,
 * and it levels off: over the second half of the load it grows at most --settle MB (default 100);
 * a leak grows with the number of rounds. RSS is printed each minute.
 *
 *   npx tsx bench/server/memory-mixed-load.ts [--minutes 3] [--budget 400] [--ceiling 2048] [--settle 100]
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { heldOutQueries } from '../../apps/server/src/blast/rrna/test-references';
import { json, startBenchPortal, waitDone } from './harness';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '3' }, budget: { type: 'string', default: '400' }, ceiling: { type: 'string', default: '2048' }, settle: { type: 'string', default: '100' } } });
const minutes = Number(values.minutes);
const budgetMb = Number(values.budget);
/** The README's stated budget: the server's RSS after the load, whatever it started at. */
const ceilingMb = Number(values.ceiling);
/** Levelling off: over the second half of the load RSS may grow at most this much. */
const settleMb = Number(values.settle);
const queries = await heldOutQueries('16S');
const dir = path.join(process.env.REFDATA_DIR ?? '/work/shared/data', 'genome/test');
const genomes = readdirSync(dir)
  .filter((f) => /\.fna\.gz$/.test(f))
  .slice(0, 4)
  .map((f) => ({ name: f, bytes: readFileSync(path.join(dir, f)) }));

// One client from one address sends all of it: the per-address API rate limit is not what is measured.
const portal = await startBenchPortal({ BENCH_GENOMES: '1', BENCH_MEMORY: '1', RATE_LIMIT_API: '1000000' });
/** The server's own last account of its memory: heap, external, array buffers (MB). */
const usage = () => {
  const lines = portal.output().match(/^MEMORY .*$/gm);
  return lines ? (JSON.parse(lines.at(-1)!.slice(7)) as Record<string, number>) : null;
};
let round = 0;
let tasks = 0;
let failed = 0;

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

async function oneRound(): Promise<void> {
  const started = Date.now();
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
  round++;
  // Task submissions are limited to 60 a minute per address: five a round, at most one round in 6 s.
  await new Promise((r) => setTimeout(r, Math.max(0, started + 6000 - Date.now())));
}

try {
  await oneRound();
  await new Promise((r) => setTimeout(r, 5000));
  const warm = portal.rssMb();
  let peak = warm;
  const sampler = setInterval(() => (peak = Math.max(peak, portal.rssMb())), 200);
  const begun = Date.now();
  const until = begun + minutes * 60_000;
  const trace: { minute: number; rss: number; round: number }[] = [];
  const tracer = setInterval(() => {
    trace.push({ minute: Math.round((Date.now() - begun) / 60_000), rss: portal.rssMb(), round });
    const u = usage();
    console.log(`minute ${trace.at(-1)!.minute}: RSS ${trace.at(-1)!.rss.toFixed(0)} MB after ${round} rounds${u ? ` (JS heap ${u.heapUsed} of ${u.heapTotal} MB, external ${u.external} MB, of it array buffers ${u.arrayBuffers} MB)` : ''}`);
  }, 60_000);
  while (Date.now() < until) await oneRound();
  clearInterval(tracer);
  const after = portal.rssMb();
  trace.push({ minute: Math.round((Date.now() - begun) / 60_000), rss: after, round });
  const half = trace.filter((t) => t.minute <= minutes / 2).at(-1) ?? { rss: warm };
  await new Promise((r) => setTimeout(r, 15_000));
  const idle = portal.rssMb();
  clearInterval(sampler);
  console.log(`${round} rounds in ${minutes} min: ${tasks} tasks (${failed} not done), ${round * 20} autocompletes, ${round * 8} exports`);
  const u = usage();
  if (u) console.log(`after 15 s idle the server counts: JS heap ${u.heapUsed} of ${u.heapTotal} MB, external ${u.external} MB, of it array buffers ${u.arrayBuffers} MB`);
  console.log(`server RSS: warmed up ${warm.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after the load ${after.toFixed(0)} MB, after 15 s idle ${idle.toFixed(0)} MB`);
  const secondHalf = after - half.rss;
  console.log(`RSS by minute: ${[{ minute: 0, rss: warm }, ...trace].map((t) => `${t.minute}′ ${t.rss.toFixed(0)}`).join(', ')} MB; growth over the second half ${secondHalf.toFixed(0)} MB`);
  const pass = failed === 0 && idle - warm <= budgetMb && idle <= ceilingMb && secondHalf <= settleMb;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}: after ${minutes} min of mixed load the server's RSS stays within ${budgetMb} MB of its warmed-up figure (${(idle - warm).toFixed(0)} MB), under ${ceilingMb} MB (${idle.toFixed(0)} MB), and grows at most ${settleMb} MB over the second half (${secondHalf.toFixed(0)} MB)`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  await portal.stop();
}
