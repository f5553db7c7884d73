import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db';

/**
 * The file store of uploads on the embedded database. PGlite runs inside the server's thread:
 * a 1.5 MB assembly written into a row and read back by its job held every other request for
 * up to a second each (issue 17, R2). So on PGlite an upload is written to a file while it
 * arrives, named by its SHA-256 under MDC_HOME/uploads (the same bytes sent twice are kept
 * once), and the row keeps the file's place, size and hash. On PostgreSQL the bytes stay in
 * the row: workers may run on other machines, and the server works in its own processes.
 */
export function uploadsDir(home: string): string {
  return path.join(home, 'uploads');
}

/** An upload written to a temporary file while it arrived, with its hash and size. */
export interface SpooledUpload {
  tempPath: string;
  sha256: string;
  size: number;
}

/** The place of a stored upload, relative to the uploads folder: `ab/abcdef…`. */
export function storedPathOf(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256}`;
}

const STORED_PATH = /^[0-9a-f]{2}\/[0-9a-f]{64}$/;

/**
 * The files of one request being written. Whatever is not placed into the store by the end of
 * the request — a refused upload, one cut off half-way, a failed write — is removed by `discard`.
 */
export class UploadSpool {
  private readonly temps = new Set<string>();
  private readonly open = new Set<WriteStream>();

  constructor(readonly dir: string) {}

  /** Starts a temporary file; `write` each chunk as it arrives, then `finish`. */
  async begin(): Promise<{ write(chunk: Buffer): Promise<void>; finish(): Promise<SpooledUpload> }> {
    const tmp = path.join(this.dir, 'tmp');
    await mkdir(tmp, { recursive: true });
    const tempPath = path.join(tmp, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
    this.temps.add(tempPath);
    const stream = createWriteStream(tempPath, { flags: 'wx' });
    this.open.add(stream);
    const failed = new Promise<never>((_, reject) => stream.once('error', reject));
    failed.catch(() => undefined);
    const hash = createHash('sha256');
    let size = 0;
    return {
      async write(chunk) {
        hash.update(chunk);
        size += chunk.length;
        // Waits for the disk when the stream's buffer is full: memory stays bounded by the chunk size.
        if (!stream.write(chunk)) await Promise.race([new Promise<void>((resolve) => stream.once('drain', () => resolve())), failed]);
      },
      finish: async () => {
        await Promise.race([new Promise<void>((resolve) => stream.end(() => resolve())), failed]);
        this.open.delete(stream);
        return { tempPath, sha256: hash.digest('hex'), size };
      },
    };
  }

  /** Removes every temporary file of this request (placed ones are linked into the store already). */
  async discard(): Promise<void> {
    for (const stream of this.open) stream.destroy();
    this.open.clear();
    await Promise.all([...this.temps].map((file) => rm(file, { force: true })));
    this.temps.clear();
  }
}

/**
 * Puts a spooled upload into the store and returns its place. Called in the transaction that
 * writes the task: the advisory lock on the file's hash keeps a deletion of the same bytes from
 * removing the file between its placing and the commit of the row that names it.
 */
export async function placeUpload(tx: Queryable, dir: string, upload: SpooledUpload): Promise<string> {
  const stored = storedPathOf(upload.sha256);
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [stored]);
  const target = path.join(dir, stored);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await link(upload.tempPath, target);
  } catch (error) {
    // The same bytes are stored already (content-addressed): nothing to write.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return stored;
}

export async function readStoredUpload(dir: string, stored: string): Promise<Buffer> {
  if (!STORED_PATH.test(stored)) throw new Error(`not a stored upload: ${stored}`);
  return readFile(path.join(dir, stored));
}

/**
 * Removes stored files no row names any more (after their tasks were deleted). Each is checked
 * and removed under the lock `placeUpload` takes, so a new upload of the same bytes keeps its file.
 */
export async function releaseUploads(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, dir: string, stored: Iterable<string>): Promise<number> {
  let removed = 0;
  for (const place of new Set(stored)) {
    if (!STORED_PATH.test(place)) continue;
    removed += await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [place]);
      const named = await tx.query('SELECT 1 FROM blast_input WHERE stored_path = $1 LIMIT 1', [place]);
      if (named.length > 0) return 0;
      try {
        await unlink(path.join(dir, place));
        return 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
    });
  }
  return removed;
}

/**
 * Clears what deletions through the database alone leave behind (an account deleted with its
 * tasks, a server stopped mid-request): stored files no row names and temporary files, both
 * older than `graceMs` so that uploads in flight are left alone.
 */
export async function sweepUploads(db: Parameters<typeof releaseUploads>[0], dir: string, graceMs = 60 * 60 * 1000): Promise<number> {
  const old = async (file: string) => {
    try {
      return Date.now() - (await stat(file)).mtimeMs > graceMs;
    } catch {
      return false;
    }
  };
  let removed = 0;
  let folders: string[];
  try {
    folders = await readdir(dir);
  } catch {
    return 0;
  }
  for (const folder of folders) {
    if (folder === 'tmp') {
      for (const file of await readdir(path.join(dir, folder))) {
        const full = path.join(dir, folder, file);
        if (await old(full)) {
          await rm(full, { force: true });
          removed++;
        }
      }
      continue;
    }
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    const candidates: string[] = [];
    for (const file of await readdir(path.join(dir, folder))) if (await old(path.join(dir, folder, file))) candidates.push(`${folder}/${file}`);
    removed += await releaseUploads(db, dir, candidates);
  }
  return removed;
}
