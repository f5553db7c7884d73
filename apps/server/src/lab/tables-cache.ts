import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { AstTables } from '@mdc/core/ast';
import { readAstTables } from '@mdc/refdata/whonet';
import { repoRoot } from '../config';
import { stampFiles } from '../files-stamp';

/** The folders of a data folder the engine's tables come from (see readAstTables). */
const SOURCE_FOLDERS = ['whonet', 'amr', 'taxonomy'];
/** The project's code and curated files that turn them into tables. */
const CODE_FOLDERS = ['packages/refdata/src', 'packages/refdata/taxonomy', 'packages/refdata/names', 'packages/core/src'];

/**
 * The engine's tables read from a data folder for `mdc interpret` and `mdc antibiogram`, kept under
 * MDC_HOME/cache between commands: reading WHONET's, the AMR package's and the taxonomy's files
 * cost every command 7–8 s of CPU for one answer; reading the kept copy back, a fraction of it.
 * The copy is named after the code and data files it was made from (name, size, time): a changed
 * file reads the folder again.
 */
export function astTablesOf(dataDir: string, home: string | undefined): AstTables {
  if (!home) return readAstTables(dataDir).tables;
  const key = cacheKey(dataDir);
  const dir = path.join(home, 'cache');
  const file = path.join(dir, `ast-tables-${key}.v8`);
  if (existsSync(file)) {
    try {
      return v8.deserialize(readFileSync(file)) as AstTables;
    } catch {
      // A damaged copy (a disk filled mid-write): read the folder and write it anew.
      rmSync(file, { force: true });
    }
  }
  const tables = readAstTables(dataDir).tables;
  try {
    mkdirSync(dir, { recursive: true });
    for (const old of readdirSync(dir)) if (old.startsWith('ast-tables-') && old !== path.basename(file)) rmSync(path.join(dir, old), { force: true });
    // Written aside and renamed: a command beside this one never reads half a copy.
    const aside = `${file}.${process.pid}`;
    writeFileSync(aside, v8.serialize(tables));
    renameSync(aside, file);
  } catch {
    // A home that cannot be written to only costs the next command the read.
  }
  return tables;
}

/**
 * The code that reads the tables (its files' names, sizes and times, from the repository the
 * server runs in: a bundle and the sources alike) and the data files it reads.
 */
function cacheKey(dataDir: string): string {
  const hash = createHash('sha256').update(path.resolve(dataDir));
  stampFiles(hash, repoRoot, CODE_FOLDERS);
  stampFiles(hash, dataDir, SOURCE_FOLDERS);
  return hash.digest('hex').slice(0, 20);
}
