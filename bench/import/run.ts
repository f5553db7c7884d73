/**
 * Import benchmark: a full `mdc import` of ../shared/data into a fresh embedded PGlite database
 * on disk (the default), and into a fresh schema of the PostgreSQL server when one answers at
 * DATABASE_URL_TEST / 127.0.0.1:5432. Prints the time of each file read and table written.
 *
 *   npx tsx bench/import/run.ts [--repeat 1] [--only pglite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findRefdataDir } from '@mdc/refdata/datadir';
import type { Db } from '../../apps/server/src/db';
import { openPglite } from '../../apps/server/src/db/pglite';
import { openPostgres } from '../../apps/server/src/db/postgres';
import { migrate } from '../../apps/server/src/db/migrate';
import { importRefdata, type ImportProgressEvent } from '../../apps/server/src/resource/importer';

const { values } = parseArgs({ options: { repeat: { type: 'string', default: '1' }, only: { type: 'string' } } });
const repeat = Math.max(1, Number(values.repeat));
const dataDir = findRefdataDir();
if (!dataDir) throw new Error('reference data not found: set REFDATA_DIR or place shared/data beside the checkout');
const postgresUrl = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function fresh(kind: 'pglite' | 'postgres'): Promise<{ db: Db; dispose(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mdc-import-bench-'));
    const db = await openPglite(dir);
    return { db, dispose: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const schema = `bench_import_${Date.now().toString(36)}`;
  const db = await openPostgres(postgresUrl, schema);
  return { db, dispose: async () => { await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`); await db.close(); } };
}

const kinds: ('pglite' | 'postgres')[] = [];
if (values.only !== 'postgres') kinds.push('pglite');
if (values.only !== 'pglite' && (await postgresReachable())) kinds.push('postgres');

console.log(`data: ${dataDir}`);
console.log(`machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const kind of kinds) {
  for (let run = 1; run <= repeat; run++) {
    const { db, dispose } = await fresh(kind);
    try {
      await migrate(db);
      const steps: string[] = [];
      let mark = performance.now();
      const onProgress = (event: ImportProgressEvent) => {
        const finished = event.stage === 'read' || event.done === event.total;
        if (!finished) return;
        const now = performance.now();
        steps.push(`${event.stage === 'read' ? 'read ' : 'write'} ${event.table.padEnd(34)} ${String(event.total).padStart(6)} ${((now - mark) / 1000).toFixed(2).padStart(6)} s`);
        mark = now;
      };
      const summary = await importRefdata(db, dataDir, { onProgress });
      const rows = Object.values(summary.counts).reduce((a, b) => a + b, 0);
      console.log(`\n${kind} run ${run}: ${(summary.durationMs / 1000).toFixed(1)} s for ${rows} rows (reading ${(summary.readMs / 1000).toFixed(1)} s, writing ${(summary.writeMs / 1000).toFixed(1)} s)`);
      for (const step of steps) console.log(`  ${step}`);
    } finally {
      await dispose();
    }
  }
}
