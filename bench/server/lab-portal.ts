import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { activeAccountToken } from '../../apps/server/test/support/accounts';
import { upload } from '../../apps/server/test/support/blast';
import { call, startPortal, type TestPortal } from '../../apps/server/test/support/portal';
import { buildSmallDataDir, realDataDir } from '../../apps/server/test/unit/support/small-refdata';
import { sampleCopies } from '../lab/whonet-copies';
import { repo } from './harness';

/**
 * An in-process portal on the embedded database (in memory, the small reference data the API tests
 * use) with one account, for the Lab benches: `close()` stops it and removes its data.
 */
export async function startLabPortal(): Promise<{ portal: TestPortal; token: string; close: () => Promise<void> }> {
  const small = buildSmallDataDir();
  const portal = await startPortal('pglite', { REFDATA_DIR: small, RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_MAIL: '1000', RATE_LIMIT_API: '1000000' });
  const close = async () => {
    await portal.close();
    rmSync(small, { recursive: true, force: true });
  };
  try {
    await portal.app.refdata.runImport(small);
    return { portal, token: await activeAccountToken(portal, 'bench'), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A WHONET batch of `isolates` isolates (copies of the shared SampleInputFile, each a week later
 * with its own patients) uploaded and interpreted: its address, its results and the seconds it took.
 */
export async function interpretedBatch(portal: TestPortal, token: string, isolates: number, guideline = 'CLSI 2022'): Promise<{ id: string; results: number; seconds: number }> {
  const work = path.join(repo, 'bench/work/lab');
  mkdirSync(work, { recursive: true });
  const file = await sampleCopies(realDataDir(), work, isolates);
  const created = await upload(portal, '/api/lab/batches', { guideline }, [{ name: path.basename(file), bytes: readFileSync(file) }], { token });
  if (created.body.code !== 0) throw new Error(`batch refused: ${created.body.msg}`);
  const id = created.body.data.id as string;
  const started = performance.now();
  for (;;) {
    const detail = await call(portal, 'GET', `/api/lab/experiments/${id}`, undefined, { token });
    if (detail.body.data.status === 'done') return { id, results: detail.body.data.resultCount as number, seconds: (performance.now() - started) / 1000 };
    if (detail.body.data.status === 'failed') throw new Error(`batch failed: ${JSON.stringify(detail.body.data)}`);
    if (performance.now() - started > 900_000) throw new Error('batch not done in 15 min');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
