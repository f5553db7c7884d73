import type { LibraryEntry } from '@mdc/core/identify/proteome';
import { maldiLibrary } from '../../resource/maldi';
import { proteinTableOf, type PackedProteins } from './proteins';

/**
 * The library (built-in and administrators' entries) and the theoretical protein masses in the
 * database, for the command line: one opening of the database. Apart from the method so that the
 * command loads neither the method's routes and threads nor, through them, itself again.
 */
let imported: Promise<{ library: LibraryEntry[]; proteins: PackedProteins | null }> | undefined;
function importedData(): Promise<{ library: LibraryEntry[]; proteins: PackedProteins | null }> {
  imported ??= (async () => {
    const [{ loadConfig }, { openDb }, { migrate }] = await Promise.all([import('../../config'), import('../../db'), import('../../db/migrate')]);
    const db = await openDb(loadConfig());
    try {
      await migrate(db);
      return { library: (await maldiLibrary(db, null)).entries, proteins: await proteinTableOf(db) };
    } finally {
      await db.close();
    }
  })();
  return imported;
}
export const importedLibrary = async () => (await importedData()).library;
export const importedProteins = async () => (await importedData()).proteins;
