import { createHash } from 'node:crypto';
import { close, closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, rename, statSync, unlink, writev } from 'node:fs';
import path from 'node:path';
import { indexFromData, type ReferenceIndex, type ReferenceIndexData } from '@mdc/core/identify/rrna';
import { lazyReferences, referenceLines, type LineReader, type ReferenceLines } from './reference-lines';

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

const FORMAT = 3;

/**
 * The file: header length (4 bytes), the header (JSON), the references' descriptions (lines, see
 * ReferenceLines: read only when a search aligns a reference), then the typed arrays, each at a
 * multiple of 4 bytes, the last the lines' starts and, when the lines have them, their numbers.
 */
interface Header {
  format: number;
  key: string;
  wordLength: number;
  /** The lines' form (ReferenceLines.form) and whether a number per reference follows their starts. */
  form: string;
  numbers: boolean;
  /** Bytes of the references' lines after the header. */
  refsText: number;
  /** References (lines). */
  refs: number;
  codes: number;
  offsets: number;
  wordStarts: number;
  postings: number;
  skipped: ReferenceIndex['skipped'];
}

/** A filed index: its `refs` read from `lines` when asked for (what a search thread is sent). */
export type FiledIndex = ReferenceIndex & { lines: ReferenceLines };

const aligned = (offset: number) => offset + ((4 - (offset % 4)) % 4);

export class WordIndexCache {
  constructor(readonly dir: string) {}

  /** The cache of an MDC home folder. */
  static of(home: string): WordIndexCache {
    return new WordIndexCache(path.join(home, 'cache', 'word-index'));
  }

  /**
   * The key of a reference file read by `recipe`: its size, mtime and bytes (`contents`: the bytes
   * the caller has already read, so the file is not read a second time to hash it).
   */
  static key(file: string, recipe: string, contents?: Uint8Array): string {
    const stat = statSync(file);
    const sha256 = createHash('sha256')
      .update(contents ?? readFileSync(file))
      .digest('hex');
    return createHash('sha256').update(`mdc-word-index/${FORMAT}\n${recipe}\n${stat.size}\n${stat.mtimeMs}\n${sha256}`).digest('hex');
  }

  private fileOf(key: string): string {
    return path.join(this.dir, `${key}.index`);
  }

  /**
   * A filed index (its arrays views on one block read from disk), or undefined when missing or
   * damaged. Lines of another form than JSON are read by the caller's `reader`.
   */
  read(key: string, options: { shared?: boolean; reader?: (lines: ReferenceLines, data: ReferenceIndexData) => LineReader } = {}): FiledIndex | undefined {
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
      const text = new Uint8Array(memory, 4 + headerLength, header.refsText);
      let offset = aligned(4 + headerLength + header.refsText);
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
      const starts = take(header.refs + 1);
      const lines: ReferenceLines = { form: header.form, text, starts, ...(header.numbers ? { numbers: take(header.refs) } : {}) };
      if (offset !== size || lines.starts[header.refs] !== header.refsText) return undefined;
      if ((header.form === 'json') === Boolean(options.reader)) return undefined;
      const data = { wordLength: header.wordLength, codes, offsets, wordStarts, postings };
      const refs = options.reader ? lazyReferences(lines, options.reader(lines, data)) : lazyReferences(lines);
      return { ...indexFromData(data, refs), skipped: header.skipped, lines };
    } catch {
      return undefined;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /**
   * Files an index (`lines`: its references' lines, when the caller has made them already).
   * The arrays go out in one gathered write on libuv's thread pool, not copied into one block, so
   * the calling thread goes on searching meanwhile; the promise settles once the file is renamed
   * into place. A disk that refuses the write is passed over (the next run builds again).
   */
  write(key: string, index: ReferenceIndex, lines: ReferenceLines = referenceLines(index.refs, false)): Promise<void> {
    let file = '';
    let temporary = '';
    try {
      const refsText = lines.text;
      const header: Header = {
        format: FORMAT,
        key,
        wordLength: index.wordLength,
        form: lines.form,
        numbers: Boolean(lines.numbers),
        refsText: refsText.length,
        refs: index.refs.length,
        codes: index.codes.length,
        offsets: index.offsets.length,
        wordStarts: index.wordStarts.length,
        postings: index.postings.length,
        skipped: index.skipped,
      };
      const json = Buffer.from(JSON.stringify(header), 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(json.length, 0);
      const pad = (after: number) => new Uint8Array(aligned(after) - after);
      const codesAt = aligned(4 + json.length + refsText.length);
      const parts: NodeJS.ArrayBufferView[] = [length, json, refsText, pad(4 + json.length + refsText.length), index.codes, pad(codesAt + index.codes.length), index.offsets, index.wordStarts, index.postings, lines.starts, ...(lines.numbers ? [lines.numbers] : [])];
      mkdirSync(this.dir, { recursive: true });
      file = this.fileOf(key);
      temporary = `${file}.${process.pid}.tmp`;
      const fd = openSync(temporary, 'w');
      return new Promise<void>((resolve) => {
        writev(fd, parts, (error, written) => {
          const expected = parts.reduce((sum, part) => sum + part.byteLength, 0);
          close(fd, () => {
            if (error || written !== expected) unlink(temporary, () => resolve());
            else rename(temporary, file, () => resolve());
          });
        });
      });
    } catch {
      return Promise.resolve(); // the next run builds the index again
    }
  }
}
