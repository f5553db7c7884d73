import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { indexFromData, type ReferenceIndex, type ReferenceInfo } from '@mdc/core/identify/rrna';

/**
 * Word indexes of reference FASTA files kept on disk (MDC_HOME/cache/word-index), as makeblastdb
 * keeps a database: a command that searches a few hundred reads against 39,000 ITS references
 * otherwise spends more time reading and indexing the references than searching them.
 *
 * An index depends on the file's bytes and on what the caller made of them (which records it kept,
 * the word length): a file is keyed by its size, mtime and the SHA-256 of its bytes, and the caller
 * names its recipe (e.g. `its/ITS2/min100/named`), so a changed file or a changed filter is a miss.
 * Files are written whole under a temporary name and renamed, so a reader never sees half of one;
 * a cache that cannot be read or written costs time, never the answer.
 */

const FORMAT = 1;

interface Header {
  format: number;
  key: string;
  wordLength: number;
  codes: number;
  offsets: number;
  wordStarts: number;
  postings: number;
  refs: ReferenceInfo[];
  skipped: ReferenceIndex['skipped'];
}

const aligned = (offset: number) => offset + ((4 - (offset % 4)) % 4);

export class WordIndexCache {
  constructor(readonly dir: string) {}

  /** The cache of an MDC home folder. */
  static of(home: string): WordIndexCache {
    return new WordIndexCache(path.join(home, 'cache', 'word-index'));
  }

  /** The key of a reference file read by `recipe`: its size, mtime and bytes. */
  static key(file: string, recipe: string): string {
    const stat = statSync(file);
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    return createHash('sha256').update(`mdc-word-index/${FORMAT}\n${recipe}\n${stat.size}\n${stat.mtimeMs}\n${sha256}`).digest('hex');
  }

  private fileOf(key: string): string {
    return path.join(this.dir, `${key}.index`);
  }

  /** A filed index (its arrays views on one block read from disk), or undefined when missing or damaged. */
  read(key: string, options: { shared?: boolean } = {}): ReferenceIndex | undefined {
    let fd: number | undefined;
    try {
      fd = openSync(this.fileOf(key), 'r');
      const size = fstatSync(fd).size;
      const memory = options.shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size);
      const bytes = new Uint8Array(memory);
      for (let at = 0; at < size; ) {
        const got = readSync(fd, bytes, at, size - at, at);
        if (got === 0) return undefined;
        at += got;
      }
      const headerLength = new DataView(memory).getUint32(0, true);
      const header = JSON.parse(Buffer.from(bytes.buffer, 4, headerLength).toString('utf8')) as Header;
      if (header.format !== FORMAT || header.key !== key) return undefined;
      let offset = aligned(4 + headerLength);
      const codes = new Uint8Array(memory, offset, header.codes);
      offset = aligned(offset + header.codes);
      const take = (count: number) => {
        const out = new Uint32Array(memory, offset, count);
        offset += 4 * count;
        return out;
      };
      const offsets = take(header.offsets);
      const wordStarts = take(header.wordStarts);
      const postings = take(header.postings);
      if (offset !== size) return undefined;
      return { ...indexFromData({ wordLength: header.wordLength, codes, offsets, wordStarts, postings }, header.refs), skipped: header.skipped };
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Files an index; a disk that refuses the write is passed over (the next run builds again). */
  write(key: string, index: ReferenceIndex): void {
    try {
      const header: Header = {
        format: FORMAT,
        key,
        wordLength: index.wordLength,
        codes: index.codes.length,
        offsets: index.offsets.length,
        wordStarts: index.wordStarts.length,
        postings: index.postings.length,
        refs: index.refs,
        skipped: index.skipped,
      };
      const json = Buffer.from(JSON.stringify(header), 'utf8');
      const codesAt = aligned(4 + json.length);
      const wordsAt = aligned(codesAt + index.codes.length);
      const size = wordsAt + index.offsets.byteLength + index.wordStarts.byteLength + index.postings.byteLength;
      const out = new Uint8Array(size);
      new DataView(out.buffer).setUint32(0, json.length, true);
      out.set(json, 4);
      out.set(index.codes, codesAt);
      let offset = wordsAt;
      for (const array of [index.offsets, index.wordStarts, index.postings]) {
        out.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
        offset += array.byteLength;
      }
      mkdirSync(this.dir, { recursive: true });
      const file = this.fileOf(key);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, out);
      renameSync(temporary, file);
    } catch {
      // the next run builds the index again
    }
  }
}
