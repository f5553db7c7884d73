import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastaRecord } from '@mdc/refdata/fasta';
import { openDb, type Db } from '../../src/db';
import { migrate } from '../../src/db/migrate';
import { IdentifyEngine, NoReferencesError } from '../../src/blast/rrna/engine';
import { heldOutQueries, insertReferences, smallReferenceSet } from '../../src/blast/rrna/test-references';

describe('the identification engine of a process', () => {
  let db: Db;
  let references: FastaRecord[];
  let queries: FastaRecord[];
  const builds: { marker: string; references: number; buildMs: number }[] = [];
  const engine = new IdentifyEngine({
    threads: 2,
    log: { info: (o) => builds.push(o as (typeof builds)[number]), warn: () => undefined },
  });
  // Worker threads do not keep a process alive on their own; a test waiting on one needs this.
  const keepAlive = setInterval(() => undefined, 1000);

  beforeAll(async () => {
    db = await openDb({ home: '' }, { memory: true });
    await migrate(db);
    references = await smallReferenceSet('16S');
    queries = (await heldOutQueries('16S')).slice(0, 6);
  });
  afterAll(async () => {
    clearInterval(keepAlive);
    await engine.close();
    await db?.close();
  });

  const ask = (n = queries.length) => engine.identify(db, '16S', queries.slice(0, n).map((q) => ({ id: q.accession, sequence: q.sequence })));

  it('refuses to search without references', async () => {
    await expect(ask(1)).rejects.toBeInstanceOf(NoReferencesError);
    expect(builds).toHaveLength(0);
  });

  it('builds the index once and reuses it for every search until the references change', async () => {
    await insertReferences(db, '16S', references.slice(0, 300));
    const first = await ask();
    expect(first.results).toHaveLength(queries.length);
    expect(first.results.map((r) => r.queryId)).toEqual(queries.map((q) => q.accession));
    expect(first.reference.count).toBe(300);
    const again = await Promise.all([ask(2), ask(3), ask()]);
    expect(again.map((a) => a.reference.version)).toEqual([first.reference.version, first.reference.version, first.reference.version]);
    expect(builds).toHaveLength(1);
    expect(builds[0]).toMatchObject({ marker: '16S', references: 300 });
    expect(builds[0]!.buildMs).toBeGreaterThan(0);

    await insertReferences(db, '16S', references.slice(300));
    const grown = await ask();
    expect(grown.reference.count).toBe(references.length);
    expect(builds).toHaveLength(2);
    // The same answers from either thread: results do not depend on where a query ran.
    const twice = await ask();
    expect(twice.results).toEqual(grown.results);
  });

  it('fails the searches of a thread that dies and starts afresh on the next one', async () => {
    // Enough work that the threads are busy for a while.
    const many = Array.from({ length: 10 }, () => queries).flat().map((q, i) => ({ id: `${q.accession}_${i}`, sequence: q.sequence }));
    const running = engine.identify(db, '16S', many);
    // Reach into the engine the way a crash would: the thread is gone mid-search.
    const inside = engine as unknown as { threads: { busy: boolean; worker: { terminate(): Promise<number> } }[] };
    for (let i = 0; i < 200 && !inside.threads.some((t) => t.busy); i++) await new Promise((r) => setTimeout(r, 5));
    await inside.threads.find((t) => t.busy)!.worker.terminate();
    await expect(running).rejects.toThrow(/identification thread stopped/);
    const after = await ask();
    expect(after.results.every((r) => r.queryId)).toBe(true);
    expect(builds).toHaveLength(3);
  });
});
