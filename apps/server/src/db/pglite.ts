import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadMigrations, migrate } from './migrate';
import type { Db, Queryable } from './types';

export async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Db> {
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(image ? { loadDataDir: image } : {}) });
  return wrap(pg);
}

/** The PGlite behind each wrapped database, for images of it. */
const raw = new WeakMap<Db, PGlite>();

/** Bytes of the embedded database's WebAssembly memory (it only grows while the instance lives); null for PostgreSQL. */
export function pgliteMemoryBytes(db: Db): number | null {
  const pg = raw.get(db) as (PGlite & { mod?: { HEAPU8?: Uint8Array } }) | undefined;
  return pg?.mod?.HEAPU8?.length ?? null;
}

function wrap(pg: PGlite): Db {
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
  const db: Db = {
    kind: 'pglite',
    ...asQueryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(asQueryable(tx))),
    async exec(sql) {
      await pg.exec(sql);
    },
    close: () => pg.close(),
  };
  raw.set(db, pg);
  return db;
}

let migrated: Promise<Blob> | undefined;
let imagePath: string | undefined;

/**
 * An in-memory database (the API and browser tests' portals) starts from an image of the
 * migrated, empty database: a new PGlite runs initdb, 5–30 s on a busy machine, and then every
 * migration. The image is made once per set of migrations and PGlite version, and kept in the
 * system's temp folder for the next process (a test file is a process of its own).
 */
export async function openMemoryPglite(): Promise<Db> {
  const file = (imagePath ??= imageFile());
  migrated ??= migratedImage(file);
  try {
    return await openPglite(undefined, await migrated);
  } catch {
    // A damaged image file: made again by the next process, this one starts from scratch.
    migrated = undefined;
    rmSync(file, { force: true });
    return openPglite(undefined);
  }
}

function imageFile(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  const pkg = readFileSync(path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json'), 'utf8');
  const version = (JSON.parse(pkg) as { version: string }).version;
  const hash = createHash('sha256').update(version);
  for (const m of loadMigrations()) hash.update(`\0${m.name}\0${m.sql}`);
  return path.join(os.tmpdir(), `mdc-pglite-${version}-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function migratedImage(file: string): Promise<Blob> {
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pg = await PGlite.create();
  await migrate(wrap(pg));
  const image = await pg.dumpDataDir('none');
  await pg.close();
  // Written aside and renamed: a process beside this one never reads half an image.
  const aside = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(aside, Buffer.from(await image.arrayBuffer()));
  renameSync(aside, file);
  return image;
}

/**
 * An in-memory database that starts as the migrated one after `fill` ran: test portals that all
 * start with the same imported reference data (an import of the small test folder is 8 s of CPU
 * on PGlite, paid by every such test file). The image is kept in the temp folder under `key`
 * (the caller's name for what `fill` does) and the migrations' image name; the first process
 * fills a database and keeps its image, the next ones load it.
 */
export async function openFilledMemoryPglite(key: string, fill: (db: Db) => Promise<void>): Promise<Db> {
  const file = (imagePath ??= imageFile()).replace(/\.tar$/, `-${key}.tar`);
  if (existsSync(file)) {
    try {
      return await openPglite(undefined, new Blob([readFileSync(file)]));
    } catch {
      rmSync(file, { force: true });
    }
  }
  const db = await openMemoryPglite();
  await fill(db);
  const image = await raw.get(db)!.dumpDataDir('none');
  const aside = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(aside, Buffer.from(await image.arrayBuffer()));
  renameSync(aside, file);
  return db;
}
