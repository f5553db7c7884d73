/**
 * A portal for the server benchmarks, as `mdc serve` runs it (embedded PGlite on disk under a
 * fresh MDC_HOME, jobs in the process) but without the first-start import of all reference data:
 * it loads the small 16S/18S reference sets the API tests use, so that a benchmark starts in
 * seconds. Prints `READY <port>` once it listens.
 *
 *   node --import tsx bench/server/portal-child.ts   (env: MDC_HOME, PORT, REFDATA_DIR, BENCH_GENOMES=1, BENCH_MALDI=1, BENCH_MEMORY=1, BENCH_REFDATA=small|full, BENCH_ACCOUNT=1)
 *
 * BENCH_MEMORY=1 prints `MEMORY {…}` (process.memoryUsage in MB) every 10 s, so that a memory
 * benchmark can tell the JavaScript heap from buffers (uploads), the embedded database's WebAssembly
 * memory (`pglite`) and the process's threads.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/config';
import { openDb, type Queryable } from '../../apps/server/src/db';
import { pgliteMemoryBytes } from '../../apps/server/src/db/pglite';
import { buildApp } from '../../apps/server/src/app';
import { insertReferences, smallReferenceSet } from '../../apps/server/src/blast/rrna/test-references';
import { insertGenomes, readGenomeFolder } from '../../apps/server/src/resource/genomes';
import { buildSmallDataDir } from '../../apps/server/test/unit/support/small-refdata';
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
// BENCH_REFDATA=small: the small reference folder the API tests import (taxonomy, WHONET and AMR
// tables, breakpoints of a few genera and drugs): enough for Lab batches and breakpoint downloads.
if (process.env.BENCH_REFDATA === 'small') {
  const small = buildSmallDataDir();
  await portal.app.refdata.runImport(small);
  rmSync(small, { recursive: true, force: true });
} else if (process.env.BENCH_REFDATA === 'full') await portal.app.refdata.runImport(config.refdataDir!);
const seeded = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reference_sequence');
if (Number(seeded[0]?.n ?? 0) === 0) await insertReferences(db, '16S', await smallReferenceSet('16S'));
// BENCH_GENOMES=1: the shared reference genomes too, as an import would add them (a full import has).
if (process.env.BENCH_GENOMES === '1' && process.env.BENCH_REFDATA !== 'full') await insertGenomes(db, await readGenomeFolder(path.join(config.refdataDir!, 'genome')), 'import');
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
    const wasm = pgliteMemoryBytes(db);
    const threads = Number(/Threads:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
    console.log(`MEMORY ${JSON.stringify({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers), pglite: wasm === null ? null : mb(wasm), threads })}`);
  }, 10_000).unref();
}
// BENCH_ACCOUNT=1: an active account (activated in the database, as the API tests do) for benches that upload Lab batches.
if (process.env.BENCH_ACCOUNT === '1') {
  const email = `bench${Date.now()}@lab.example.org`;
  const password = 'Microbe1!';
  const form = (body: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(body).toString() });
  await portal.app.inject({ method: 'POST', url: '/api/register', ...form({ email, password, repeatPassword: password }) });
  await db.query('UPDATE users SET active = true, activated_at = now() WHERE email = $1', [email]);
  const login = (await portal.app.inject({ method: 'POST', url: '/api/login', ...form({ email, password }) })).json() as { data?: { token?: string } };
  if (!login.data?.token) throw new Error(`bench account: no token (${JSON.stringify(login)})`);
  console.log(`TOKEN ${login.data.token}`);
}
console.log(`READY ${config.port}`);
