/**
 * R2 of issue 17: concurrent genome uploads against a portal on the embedded database (PGlite),
 * while a prober reads every 100 ms (default POST /api/search/autocomplete kwd=esch, or GET
 * --probe PATH). Uploads: the shared test assemblies (gzip FASTA, ~1.5 MB each for 5 Mbp), sent
 * all at once; the portal holds the 44 shared reference genomes. Pass: every upload accepted and every task finished (done or failed with a reason),
 * probe p99 < 1.5 s — on the embedded database, the default. The same run on a PostgreSQL server
 * (DATABASE_URL_TEST, a schema of its own, dropped after) is the peer it is compared with.
 *
 *   npx tsx bench/server/genome-uploads.ts [--uploads 10] [--probe /api/blast/info] [--db pglite,postgres]
 *   BENCH_TRACE=1 …: the portal also prints its statements over 50 ms and event-loop stalls over 100 ms
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { json, probe, startBenchPortal, waitDone } from './harness';

const { values } = parseArgs({
  options: { uploads: { type: 'string', default: '10' }, probe: { type: 'string', default: '/api/search/autocomplete' }, db: { type: 'string', default: 'pglite,postgres' } },
});
const count = Number(values.uploads);
const dir = path.join(process.env.REFDATA_DIR ?? '/work/shared/data', 'genome/test');
const files = readdirSync(dir).filter((f) => /^T0[1-2]_/.test(f) || /Escherichia|Salmonella|Klebsiella/.test(f)).slice(0, 3);
const genomes = files.map((f) => ({ name: f, bytes: readFileSync(path.join(dir, f)) }));

const postgresUrl = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const results = new Map<string, boolean>();

for (const kind of values.db!.split(',')) {
  const schema = `bench_${Date.now().toString(36)}`;
  const database: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {};
  const portal = await startBenchPortal({ BENCH_GENOMES: '1', ...database });
  try {
    const rssStart = portal.rssMb();
    let rssPeak = rssStart;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, portal.rssMb())), 100);
    const autocomplete = values.probe === '/api/search/autocomplete';
    const prober = probe(`${portal.base}${values.probe}`, 100, autocomplete ? { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'kwd=esch' } : {});
    await new Promise((r) => setTimeout(r, 500));
    const started = performance.now();
    const submitted = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const genome = genomes[i % genomes.length]!;
        const form = new FormData();
        form.append('method', 'genome');
        form.append('file', new Blob([genome.bytes]), `${i}-${genome.name}`);
        const t0 = performance.now();
        const answer = await json(await fetch(`${portal.base}/api/blast/tasks`, { method: 'POST', body: form }));
        return { answer, ms: performance.now() - t0 };
      }),
    );
    const acceptedMs = Math.max(...submitted.map((s) => s.ms));
    const outcomes = await Promise.all(submitted.filter((s) => s.answer.code === 0).map((s) => waitDone(portal.base, s.answer.data.id, s.answer.data.token, 600_000)));
    const allMs = performance.now() - started;
    const waits = await prober.stop();
    clearInterval(sampler);
    const accepted = submitted.filter((s) => s.answer.code === 0).length;
    const statuses = outcomes.map((o) => o.status as string);
    console.log(`— ${kind} —\n${count} uploads of ${genomes.map((g) => `${g.name} (${(g.bytes.length / 1e6).toFixed(1)} MB)`).join(', ')}`);
    console.log(`accepted ${accepted}/${count} (slowest answer ${(acceptedMs / 1000).toFixed(2)} s); finished ${statuses.length} (${statuses.filter((s) => s === 'done').length} done, ${statuses.filter((s) => s === 'failed').length} failed: ${[...new Set(outcomes.filter((o) => o.status === 'failed').map((o) => o.error?.en))].join(' | ')}) in ${(allMs / 1000).toFixed(1)} s`);
    console.log(`probe ${values.probe}: ${waits.count} requests, p50 ${(waits.p50Ms / 1000).toFixed(2)} s, p99 ${(waits.p99Ms / 1000).toFixed(2)} s, max ${(waits.maxMs / 1000).toFixed(2)} s; server RSS ${rssStart.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB`);
    results.set(kind, accepted === count && statuses.length === count && waits.p99Ms < 1500);
  } finally {
    if (process.env.BENCH_TRACE === '1') console.log(portal.output().split('\n').filter((l) => l.startsWith('TRACE')).join('\n'));
    await portal.stop();
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}
// The target is the embedded database's (the default); PostgreSQL is the peer of the same run.
const embedded = results.get('pglite');
if (embedded !== undefined) {
  console.log(`${embedded ? 'PASS' : 'FAIL'}: ${count} concurrent genome uploads on the embedded database all finish with the probe's p99 under 1.5 s`);
  process.exitCode = embedded ? 0 : 1;
}
