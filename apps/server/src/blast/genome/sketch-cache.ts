import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { KMER, SCREEN_DENSITY, SEED_DENSITY, type SeedSketch } from '@mdc/core/identify/genome';
import type { GenomePool } from './pool';
import type { ReferenceInput, SharedReference } from './thread';

/**
 * Reference sketches kept on disk, so that a command identifying one genome does not hash every
 * base of every reference genome again (44 references: ~6 s of sketching against ~0.2 s of
 * reading). A sketch depends only on the bases, the contig boundaries and the sketch parameters,
 * so it is filed under a digest of those: a reference whose bases change gets a new file, and a
 * change of k, seed or screening density (part of every key) makes every old file a miss.
 * Files are written whole under a temporary name and renamed, so a reader never sees half of one.
 */

const FORMAT = 1;
const PARAMETERS = `mdc-genome-sketch/${FORMAT}/k${KMER}/s${SEED_DENSITY}/c${SCREEN_DENSITY}`;

/** What is filed besides the sketch: the reference's own figures (names come from the caller). */
type Filed = Pick<SharedReference, 'length' | 'gcPercent' | 'contigs' | 'sketch'>;

interface Header {
  parameters: string;
  length: number;
  gcPercent: number;
  contigs: number;
  sketchLength: number;
  seeds: number;
  contigCount: number;
}

/** The key of an imported reference: the digest of its bases (genome_reference.md5) and its contig lengths. */
export function importedSketchKey(md5: string, contigLengths: readonly number[]): string {
  return digest(`${PARAMETERS}\nimported\n${md5}\n${contigLengths.join(',')}`);
}

function digest(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The next multiple of 4 (the seed arrays are 32-bit words). */
function aligned(offset: number): number {
  return offset + ((4 - (offset % 4)) % 4);
}

export class SketchCache {
  private readonly files: string;
  /** For a reference folder: each file's size and mtime with the digest of its bytes, so unchanged files are not read to be hashed. */
  private readonly seenPath: string;
  private seen: Record<string, { size: number; mtimeMs: number; sha256: string }> | undefined;
  private seenChanged = false;

  constructor(readonly dir: string) {
    this.files = path.join(dir, 'sketches');
    this.seenPath = path.join(dir, 'files.json');
  }

  /** The cache of an MDC home folder. */
  static of(home: string): SketchCache {
    return new SketchCache(path.join(home, 'cache', 'genome'));
  }

  /** The key of a reference genome file: the digest of its bytes (taken again only when its size or mtime changed). */
  fileKey(file: string): string {
    this.seen ??= this.readSeen();
    const absolute = path.resolve(file);
    const stat = statSync(absolute);
    const known = this.seen[absolute];
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return digest(`${PARAMETERS}\nfile\n${known.sha256}`);
    const sha256 = digest(readFileSync(absolute));
    this.seen[absolute] = { size: stat.size, mtimeMs: stat.mtimeMs, sha256 };
    this.seenChanged = true;
    return digest(`${PARAMETERS}\nfile\n${sha256}`);
  }

  private readSeen(): NonNullable<SketchCache['seen']> {
    try {
      return JSON.parse(readFileSync(this.seenPath, 'utf8'));
    } catch {
      return {};
    }
  }

  private fileOf(key: string): string {
    return path.join(this.files, `${key}.sketch`);
  }

  has(key: string): boolean {
    try {
      return statSync(this.fileOf(key)).isFile();
    } catch {
      return false;
    }
  }

  /** A filed sketch (read straight into shared memory, as the genome threads take it), or undefined when missing or damaged. */
  read(key: string): Filed | undefined {
    let fd: number | undefined;
    try {
      fd = openSync(this.fileOf(key), 'r');
      const memory = new SharedArrayBuffer(fstatSync(fd).size);
      const bytes = new Uint8Array(memory);
      let at = 0;
      while (at < bytes.length) {
        const got = readSync(fd, bytes, at, bytes.length - at, at);
        if (got === 0) return undefined;
        at += got;
      }
      const headerLength = new DataView(memory).getUint32(0, true);
      const header = JSON.parse(Buffer.from(bytes.slice(4, 4 + headerLength)).toString('utf8')) as Header;
      const start = aligned(4 + headerLength);
      if (header.parameters !== PARAMETERS || bytes.length !== start + 4 * (2 * header.seeds + 2 * header.contigCount)) return undefined;
      // Views on the one shared block: the threads get the seeds without a copy.
      let offset = start;
      const take = (count: number) => {
        const out = new Uint32Array(memory, offset, count);
        offset += count * 4;
        return out;
      };
      const hashes = take(header.seeds);
      const positions = take(header.seeds);
      const contigStarts = take(header.contigCount);
      const contigLengths = take(header.contigCount);
      const sketch: SeedSketch = { hashes, positions, length: header.sketchLength, contigStarts, contigLengths };
      return { length: header.length, gcPercent: header.gcPercent, contigs: header.contigs, sketch };
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  write(key: string, reference: Filed): void {
    const { parts, file } = this.filing(key, reference);
    const out = Buffer.concat(parts);
    mkdirSync(this.files, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, out);
    renameSync(temporary, file);
  }

  /**
   * As `write`, without holding the thread: the bytes go out from the arrays themselves (no copy)
   * on libuv's threads. A command files its references this way while its genome threads go on.
   */
  async writeLater(key: string, reference: Filed): Promise<void> {
    const { parts, file } = this.filing(key, reference);
    mkdirSync(this.files, { recursive: true });
    const temporary = `${file}.${process.pid}.${key.slice(0, 8)}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      // writev may write less than asked: go on from where it stopped.
      let rest = parts.filter((p) => p.length > 0);
      while (rest.length) {
        let { bytesWritten } = await handle.writev(rest);
        while (rest.length && bytesWritten >= rest[0]!.length) bytesWritten -= rest.shift()!.length;
        if (rest.length && bytesWritten > 0) rest[0] = rest[0]!.subarray(bytesWritten);
      }
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, file);
  }

  /** The file of a sketch, as the pieces written one after another: header (padded to 4 bytes), then the four arrays. */
  private filing(key: string, reference: Filed): { parts: Uint8Array[]; file: string } {
    const { sketch } = reference;
    const header: Header = {
      parameters: PARAMETERS,
      length: reference.length,
      gcPercent: reference.gcPercent,
      contigs: reference.contigs,
      sketchLength: sketch.length,
      seeds: sketch.hashes.length,
      contigCount: sketch.contigStarts.length,
    };
    const json = Buffer.from(JSON.stringify(header), 'utf8');
    const head = new Uint8Array(aligned(4 + json.length));
    new DataView(head.buffer).setUint32(0, json.length, true);
    head.set(json, 4);
    const arrays = [sketch.hashes, sketch.positions, sketch.contigStarts, sketch.contigLengths].map((array) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    return { parts: [head, ...arrays], file: this.fileOf(key) };
  }

  /** Keeps what was learnt about reference files for the next run. */
  save(): void {
    if (!this.seenChanged || !this.seen) return;
    mkdirSync(this.dir, { recursive: true });
    const temporary = `${this.seenPath}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.seen));
    renameSync(temporary, this.seenPath);
    this.seenChanged = false;
  }
}

/** A cache that cannot be written (a read-only or full disk) costs time, not the answer. */
function fileQuietly(write: () => void): void {
  try {
    write();
  } catch {
    // the next run sketches again
  }
}

/** A reference genome named for the library, with the key its sketch is filed under. */
export type ReferenceEntry = Pick<ReferenceInput, 'id' | 'species' | 'strain' | 'accession'> & { sketchKey: string };

/**
 * The sketches of reference genomes: those filed in the cache read back, the others sketched by the
 * pool's threads (their bases fetched only for them) and filed (done when `filed` resolves).
 * Without a cache, all are sketched.
 */
export async function loadReferenceSketches<E extends ReferenceEntry>(
  pool: GenomePool,
  entries: E[],
  inputsOf: (missing: E[]) => ReferenceInput[] | Promise<ReferenceInput[]>,
  cache: SketchCache | undefined,
  sketchThreads?: number,
): Promise<{ references: SharedReference[]; cached: number; filed: Promise<void> }> {
  const references = new Array<SharedReference>(entries.length);
  const missing: number[] = [];
  entries.forEach((entry, at) => {
    const filed = cache?.read(entry.sketchKey);
    if (filed) references[at] = { id: entry.id, species: entry.species, strain: entry.strain, accession: entry.accession, ...filed };
    else missing.push(at);
  });
  const filing: Promise<void>[] = [];
  if (missing.length) {
    const sketched = await pool.sketch(await inputsOf(missing.map((at) => entries[at]!)), sketchThreads);
    missing.forEach((at, i) => {
      const reference = sketched[i]!;
      references[at] = reference;
      // A sketch that cannot be filed (a read-only or full disk) costs the next run time, not the answer.
      if (cache) filing.push(cache.writeLater(entries[at]!.sketchKey, reference).catch(() => undefined));
    });
  }
  fileQuietly(() => cache?.save());
  // Filed while the caller goes on (its threads index and identify): writing 44 sketches (~200 MB)
  // before that held the genome threads idle. Await `filed` before the process ends.
  const filed = Promise.all(filing).then(() => undefined);
  return { references, cached: entries.length - missing.length, filed };
}
