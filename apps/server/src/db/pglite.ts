import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './types';

export async function openPglite(dataDir: string | undefined): Promise<Db> {
  const pg = await PGlite.create(dataDir);
  const asQueryable = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params as unknown[]);
      // PGlite works inside this thread and answers through promises alone, so statements run one
      // after another never let the event loop reach its timers and sockets: 44 reference genomes
      // read in a loop held every request for 10 s (issue 17, R2). A turn of the loop after each
      // statement lets waiting requests in between.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...asQueryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    async exec(sql) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
}
