/**
 * A portal for the server benchmarks, as `mdc serve` runs it (embedded PGlite on disk under a
 * fresh MDC_HOME, jobs in the process) but without the first-start import of all reference data:
 * it loads the small 16S/18S reference sets the API tests use, so that a benchmark starts in
 * seconds. Prints `READY <port>` once it listens.
 *
 *   node --import tsx bench/server/portal-child.ts   (env: MDC_HOME, PORT, REFDATA_DIR, BENCH_GENOMES=1, BENCH_MALDI=1, BENCH_MEMORY=1)
 *
 * BENCH_MEMORY=1 prints `MEMORY {…}` (process.memoryUsage in MB) every 10 s, so that a memory
 * benchmark can tell the JavaScript heap from buffers (uploads, the embedded database's memory).
 */
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { openDb, type Queryable } from '../../apps/server/src/db';
import { buildApp } from '../../apps/server/src/app';
import { insertReferences, smallReferenceSet } from '../../apps/server/src/blast/rrna/test-references';
import { insertGenomes, readGenomeFolder } from '../../apps/server/src/resource/genomes';
import { seedBuiltinLibrary, seedProteinTable } from '../../apps/server/src/blast/proteome/test-spectra';

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
const db = await openDb(config);
// BENCH_TRACE=1: where the event loop's time goes — statements over 50 ms and stalls over 100 ms.
if (process.env.BENCH_TRACE === '1') {
  const t0 = performance.now();
  const at = () => ((performance.now() - t0) / 1000).toFixed(2);
  const query = db.query.bind(db);
  db.query = async <T,>(sql: string, params?: unknown[]): Promise<T[]> => {
    const started = performance.now();
    try {
      return await query<T>(sql, params);
    } finally {
      const ms = performance.now() - started;
      if (ms > 50) console.log(`TRACE ${at()} query ${ms.toFixed(0)} ms: ${sql.replace(/\s+/g, ' ').slice(0, 90)}`);
    }
  };
  const transaction = db.transaction.bind(db);
  db.transaction = async <T,>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await transaction(fn);
    } finally {
      const ms = performance.now() - started;
      if (ms > 50) console.log(`TRACE ${at()} transaction ${ms.toFixed(0)} ms`);
    }
  };
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > 150) console.log(`TRACE ${at()} event loop stalled ${(now - last - 50).toFixed(0)} ms`);
    last = now;
  }, 50).unref();
}
const portal = await buildApp(config, { db });
const seeded = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reference_sequence');
if (Number(seeded[0]?.n ?? 0) === 0) await insertReferences(db, '16S', await smallReferenceSet('16S'));
// BENCH_GENOMES=1: the shared reference genomes too, as an import would add them.
if (process.env.BENCH_GENOMES === '1') await insertGenomes(db, await readGenomeFolder(path.join(config.refdataDir!, 'genome')), 'import');
// BENCH_MALDI=1: the built-in MALDI-TOF library and the theoretical protein masses, as an import would add them.
if (process.env.BENCH_MALDI === '1') {
  await seedBuiltinLibrary(db);
  await seedProteinTable(db);
}
await portal.app.listen({ port: config.port, host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void portal.close().finally(() => process.exit(0)));
if (process.env.BENCH_MEMORY === '1') {
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  setInterval(() => {
    const m = process.memoryUsage();
    console.log(`MEMORY ${JSON.stringify({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) })}`);
  }, 10_000).unref();
}
console.log(`READY ${config.port}`);
