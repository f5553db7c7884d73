import { createHash } from 'node:crypto';
import type { Config } from '../../src/config';
import { buildApp, type Portal } from '../../src/app';
import type { Db } from '../../src/db';
import { openFilledMemoryPglite } from '../../src/db/pglite';
import { importRefdata } from '../../src/resource/importer';
import { fingerprint } from '../../src/resource/sources';
import { codeStamp } from './code-stamp';

/**
 * Builds the portal; with `imported`, on a database that holds that folder's import. PGlite
 * starts from the image of the same import kept by an earlier test process (named after the
 * folder's content and the importer's code); PostgreSQL imports (3–4 s).
 */
export async function startPortalOn(config: Config, imported: string | undefined, embedded: boolean): Promise<Portal> {
  if (!imported) return buildApp(config, { memoryDb: true, logger: false });
  if (!embedded) {
    const portal = await buildApp(config, { memoryDb: true, logger: false });
    await portal.app.refdata.runImport(imported);
    return portal;
  }
  const db: Db = await openFilledMemoryPglite(importKey(imported), async (fresh) => {
    await importRefdata(fresh, imported);
  });
  // The kept import names the folder it was made from: this portal's folder holds the same files.
  await db.query('UPDATE refdata_import SET source_dir = $1', [imported]);
  const portal = await buildApp(config, { db, logger: false });
  return {
    ...portal,
    async close() {
      await portal.close();
      await db.close();
    },
  };
}

function importKey(dir: string): string {
  return createHash('sha256').update(fingerprint(dir)).update(codeStamp()).digest('hex').slice(0, 16);
}
