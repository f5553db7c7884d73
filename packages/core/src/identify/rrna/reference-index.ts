import { CODE_OF_CHAR, TWO_BIT, encodeNucleotides } from './alphabet';
import type { CandidateSource } from './candidate-ranking';

/** One reference sequence as the engine receives it (e.g. a FASTA record of the MDC rRNA sets). */
export interface ReferenceSequence {
  accession: string;
  /** `Genus species`; may be empty for references without taxonomy. */
  species?: string;
  /** The label the reference was deposited under, when `species` is its accepted name and differs. */
  depositedSpecies?: string;
  /** Kingdom, Phylum, Class, Order, Family, Genus (a trailing species entry is accepted and ignored). */
  lineage?: readonly string[];
  description?: string;
  sequence: string;
}

/** What a hit reports about its reference. */
export interface ReferenceInfo {
  accession: string;
  species: string;
  genus: string;
  family: string;
  /** Kingdom … Genus. */
  lineage: string[];
  description: string;
  length: number;
  /** The deposited label when `species` is its accepted name (see ReferenceSequence). */
  depositedSpecies?: string;
}

/**
 * Typed-array part of an index. Plain data, so it can be handed to worker threads (with
 * `shared: true` the arrays live in SharedArrayBuffers and are not copied).
 */
export interface ReferenceIndexData {
  wordLength: number;
  /** All reference sequences, concatenated, as base sets (see alphabet). */
  codes: Uint8Array;
  /** Reference r spans codes[offsets[r], offsets[r + 1]). */
  offsets: Uint32Array;
  /** Postings of word w are postings[wordStarts[w], wordStarts[w + 1]). */
  wordStarts: Uint32Array;
  /** Reference numbers, ascending within each word; each reference at most once per word. */
  postings: Uint32Array;
}

export interface ReferenceIndex extends ReferenceIndexData {
  refs: ReferenceInfo[];
  /** Milliseconds spent building: from the first reference added to the index built (a caller's reading between additions included). */
  buildMs: number;
  /** Bytes held by the typed arrays. */
  bytes: number;
  /** References that were skipped, with the reason (no usable bases). */
  skipped: { accession: string; reason: string }[];
  /**
   * Where a search takes its candidates from instead of `wordStarts`/`postings`: a batch's ranking
   * found by one scan of the references (scanCandidates), for references kept without a word index.
   */
  ranking?: CandidateSource;
}

export interface BuildIndexOptions {
  /**
   * Word length of the candidate index, 4–12. By default the shortest length from 8 to 12 with at
   * least one possible word per 8 reference bases (11 for the 16S set, 9 for the 18S set): a query
   * then shares well under one word per reference by chance, and a small set gets small tables.
   */
  wordLength?: number;
  /** Room for this many bases at the start (e.g. the size of a FASTA file), so the pool is not grown while references are added. */
  expectedBases?: number;
  /** Allocate the typed arrays in SharedArrayBuffers (for worker threads). */
  shared?: boolean;
  /**
   * Up to this many reference bases (default 2^26) each reference's words are listed once (4 bytes a
   * base, freed after the build); above it they are read twice instead, slower but without that memory.
   */
  maxListedBases?: number;
}

export const MAX_WORD_LENGTH = 12;

export function defaultWordLength(totalBases: number): number {
  let k = 8;
  while (k < MAX_WORD_LENGTH && 8 * 4 ** k < totalBases) k++;
  return k;
}

function allocate<T extends Uint8Array | Uint32Array>(ctor: new (buffer: ArrayBufferLike) => T, bytesPer: number, length: number, shared: boolean): T {
  const buffer = shared ? new SharedArrayBuffer(length * bytesPer) : new ArrayBuffer(length * bytesPer);
  return new ctor(buffer);
}

/** `Genus species` at the start of a description such as NCBI's "Escherichia coli strain K-12 16S …". */
const BINOMIAL = /^(?:uncultured\s+|Candidatus\s+)?([A-Z][a-z]+ [a-z][a-z-]+)\b/;

/**
 * What a hit reports about its reference. Without a species or taxonomy the species is taken from a
 * binomial at the start of the description (as in NCBI titles); otherwise it stays empty.
 */
export function referenceInfo(ref: Omit<ReferenceSequence, 'sequence'>, length: number): ReferenceInfo {
  const lineage = [...(ref.lineage ?? [])];
  let species = ref.species ?? '';
  if (lineage.length >= 7) {
    if (!species) species = lineage[6]!;
    lineage.length = 6;
  }
  if (!species && ref.description) species = ref.description.match(BINOMIAL)?.[1] ?? '';
  const genus = lineage[5] || species.split(' ')[0] || '';
  const family = lineage[4] ?? '';
  return { accession: ref.accession, species, genus, family, lineage, description: ref.description ?? '', length, ...(ref.depositedSpecies ? { depositedSpecies: ref.depositedSpecies } : {}) };
}

/**
 * Builds the word index over a reference set once; searches then reuse it. Each reference
 * contributes every distinct word of `wordLength` exact bases (words touching an ambiguity code are
 * left out), so a posting list says which references contain a word.
 */
export function buildReferenceIndex(references: Iterable<ReferenceSequence>, options: BuildIndexOptions = {}): ReferenceIndex {
  const builder = new ReferenceIndexBuilder(options);
  for (const ref of references) builder.add(ref);
  return builder.finish();
}

const LISTING_LIMIT = 1 << 26;

/**
 * Incremental form of {@link buildReferenceIndex}: references can be added while they are read
 * (e.g. from a FASTA stream), so the caller need not hold the whole set as text.
 */
export class ReferenceIndexBuilder {
  /** Every accepted reference's base sets, one after another (grown by doubling; cut to size at the end). */
  private pool: Uint8Array;
  private readonly starts: number[] = [];
  private readonly refs: ReferenceInfo[] = [];
  private readonly skipped: { accession: string; reason: string }[] = [];
  private undescribed = false;
  private total = 0;
  /** When the first reference was added (buildMs counts from there). */
  private startedAt: number | undefined;
  private finished = false;

  constructor(private readonly options: BuildIndexOptions = {}) {
    this.pool = allocate(Uint8Array, 1, Math.max(1 << 16, options.expectedBases ?? 0), options.shared ?? false);
    if (options.wordLength !== undefined) {
      const k = options.wordLength;
      if (!Number.isInteger(k) || k < 4 || k > MAX_WORD_LENGTH) throw new RangeError(`wordLength must be an integer from 4 to 12, got ${k}`);
    }
  }

  private room(length: number): void {
    if (this.total + length <= this.pool.length) return;
    let size = this.pool.length * 2;
    while (size < this.total + length) size *= 2;
    const grown = allocate(Uint8Array, 1, size, this.options.shared ?? false);
    grown.set(this.pool.subarray(0, this.total));
    this.pool = grown;
  }

  /** Adds one reference; returns false (and records why) when it has no usable sequence. */
  add(ref: ReferenceSequence): boolean {
    if (this.finished) throw new Error('ReferenceIndexBuilder: add after finish');
    this.startedAt ??= performance.now();
    const { codes, invalidAt } = encodeNucleotides(ref.sequence);
    let ok = true;
    if (invalidAt >= 0) {
      this.skipped.push({ accession: ref.accession, reason: `character '${ref.sequence.replace(/\s+/g, '')[invalidAt]}' is not a nucleotide` });
      ok = false;
    } else if (codes.length === 0) {
      this.skipped.push({ accession: ref.accession, reason: 'empty sequence' });
      ok = false;
    } else {
      this.room(codes.length);
      this.pool.set(codes, this.total);
      this.accept(ref, codes.length);
    }
    return ok;
  }

  /**
   * Adds one reference whose residues are bytes (letters, whitespace already removed, as
   * `forEachFastaRecord` gives them): encoded straight into the pool, no string in between.
   */
  addResidues(ref: Omit<ReferenceSequence, 'sequence'>, residues: Uint8Array): boolean {
    return this.addBytes(ref, residues, () => ref.accession);
  }

  /**
   * Adds one reference whose description its caller reads later, when a search reports it (the
   * index's `refs` are then the caller's to supply, one per reference added): for a reader of
   * 40,000 headers of which a batch reports a few hundred. `name` is asked only to name a reference
   * refused for its residues.
   */
  addUndescribed(residues: Uint8Array, name: () => string): boolean {
    if (this.refs.length > 0) throw new Error('ReferenceIndexBuilder: described and undescribed references mixed');
    this.undescribed = true;
    return this.addBytes(undefined, residues, name);
  }

  private addBytes(ref: Omit<ReferenceSequence, 'sequence'> | undefined, residues: Uint8Array, name: () => string): boolean {
    if (this.finished) throw new Error('ReferenceIndexBuilder: add after finish');
    // Timed from the first addition, not per reference: two clock readings per reference of 78,000 took 13 ms.
    this.startedAt ??= performance.now();
    this.room(residues.length);
    const pool = this.pool;
    const base = this.total;
    let invalidAt = -1;
    for (let i = 0; i < residues.length; i++) {
      const code = CODE_OF_CHAR[residues[i]!]!;
      if (code === 0) {
        invalidAt = i;
        break;
      }
      pool[base + i] = code;
    }
    let ok = true;
    if (invalidAt >= 0) {
      this.skipped.push({ accession: name(), reason: `character '${String.fromCharCode(residues[invalidAt]!)}' is not a nucleotide` });
      ok = false;
    } else if (residues.length === 0) {
      this.skipped.push({ accession: name(), reason: 'empty sequence' });
      ok = false;
    } else this.accept(ref, residues.length);
    return ok;
  }

  private accept(ref: Omit<ReferenceSequence, 'sequence'> | undefined, length: number): void {
    this.starts.push(this.total);
    if (ref) {
      if (this.undescribed) throw new Error('ReferenceIndexBuilder: described and undescribed references mixed');
      this.refs.push(referenceInfo(ref, length));
    }
    this.total += length;
  }

  /** References accepted, described or not (each has its start). */
  get size(): number {
    return this.starts.length;
  }

  private sealed: SealedReferences | undefined;

  /**
   * Ends adding and lays out the references (codes, offsets; in shared memory when built
   * `shared`), so that other threads can list the words of some of them ({@link listWordsOf})
   * while this one lists the rest; {@link finishListed} then assembles the index. `listable` is
   * false for a set too large to list (then {@link finish} builds it in two scans).
   */
  seal(): SealedReferences {
    if (this.sealed) return this.sealed;
    if (this.finished) throw new Error('ReferenceIndexBuilder: seal after finish');
    this.startedAt ??= performance.now();
    const shared = this.options.shared ?? false;
    const total = this.total;
    const n = this.starts.length;
    // The pool itself (in shared memory when built `shared`) when it is mostly used (a FASTA file's
    // size overstates its bases by its headers and line ends), else a copy cut to size.
    let codes = this.pool.subarray(0, total);
    if (total < 0.5 * this.pool.length) {
      codes = allocate(Uint8Array, 1, total, shared);
      codes.set(this.pool.subarray(0, total));
    }
    this.pool = new Uint8Array(0);
    const offsets = allocate(Uint32Array, 4, n + 1, shared);
    for (let r = 0; r < n; r++) offsets[r] = this.starts[r]!;
    offsets[n] = total;
    const wordLength = this.options.wordLength ?? defaultWordLength(total);
    this.sealed = { codes, offsets, wordLength, count: n, listable: total <= (this.options.maxListedBases ?? LISTING_LIMIT) };
    return this.sealed;
  }

  /** The index from the listed words of every reference: `parts` cover references 0 … n−1 in order. */
  finishListed(parts: ListedWords[]): ReferenceIndex {
    if (this.finished) throw new Error('ReferenceIndexBuilder: finish called twice');
    const { codes, offsets, wordLength: k, count: n } = this.seal();
    this.finished = true;
    const { wordStarts, postings } = postListedWords(parts, n, k, this.options.shared ?? false);
    const bytes = codes.byteLength + offsets.byteLength + wordStarts.byteLength + postings.byteLength;
    const buildMs = performance.now() - this.startedAt!;
    return { wordLength: k, codes, offsets, wordStarts, postings, refs: this.refs, skipped: this.skipped, bytes, buildMs };
  }

  /**
   * The references laid out without their word index (empty `wordStarts` and `postings`): a batch
   * searches them by one scan (withScannedCandidates), and {@link withWordIndex} adds the index
   * later if a search needs it.
   */
  finishWithoutWords(): ReferenceIndex {
    if (this.finished) throw new Error('ReferenceIndexBuilder: finish called twice');
    const { codes, offsets, wordLength } = this.seal();
    this.finished = true;
    const empty = new Uint32Array(0);
    return { wordLength, codes, offsets, wordStarts: empty, postings: empty, refs: this.refs, skipped: this.skipped, bytes: codes.byteLength + offsets.byteLength, buildMs: performance.now() - this.startedAt! };
  }

  finish(): ReferenceIndex {
    return withWordIndex(this.finishWithoutWords(), { shared: this.options.shared ?? false, maxListedBases: this.options.maxListedBases });
  }
}

/** A builder's references laid out for listing their words (see ReferenceIndexBuilder.seal). */
export interface SealedReferences {
  codes: Uint8Array;
  offsets: Uint32Array;
  wordLength: number;
  /** References. */
  count: number;
  /** Small enough to list every reference's words (else two scans). */
  listable: boolean;
}

/** The distinct words of references [from, to): what a thread lists and hands back. */
export interface ListedWords {
  from: number;
  to: number;
  /** References per word in counts[word + 1] (counts[0] unused). */
  counts: Uint32Array;
  /** Each reference's distinct words, one reference after another. */
  listed: Uint32Array;
  /** Reference from + i's words end at listed[listedEnd[i]]. */
  listedEnd: Uint32Array;
}

/**
 * Lists the distinct words of references [from, to) of sealed references (pass 1 of the index;
 * any thread that shares their memory can run it).
 */
export function listWordsOf(sealed: Pick<SealedReferences, 'codes' | 'offsets' | 'wordLength'>, from: number, to: number, options: { shared?: boolean } = {}): ListedWords {
  const { codes, offsets, wordLength: k } = sealed;
  const shared = options.shared ?? false;
  const counts = allocate(Uint32Array, 4, (1 << (2 * k)) + 1, shared);
  const all = new Uint32Array(offsets[to]! - offsets[from]!);
  const listedEnd = new Uint32Array(to - from);
  const listedCount = listDistinctWords(codes, offsets, from, to, k, counts, all, listedEnd);
  return { from, to, counts, listed: all.subarray(0, listedCount), listedEnd };
}

/** The word postings of references whose words `parts` list (covering references 0 … n−1 in order). */
function postListedWords(parts: ListedWords[], n: number, k: number, shared: boolean): { wordStarts: Uint32Array; postings: Uint32Array } {
  let expected = 0;
  for (const part of parts) {
    if (part.from !== expected || part.to < part.from) throw new Error('ReferenceIndexBuilder: listed words do not cover the references in order');
    expected = part.to;
  }
  if (expected !== n) throw new Error('ReferenceIndexBuilder: listed words do not cover the references');
  const words = 1 << (2 * k);
  let wordStarts: Uint32Array;
  if (parts.length === 1 && parts[0]!.counts.length === words + 1 && (!shared || parts[0]!.counts.buffer instanceof SharedArrayBuffer)) wordStarts = parts[0]!.counts;
  else {
    wordStarts = allocate(Uint32Array, 4, words + 1, shared);
    for (const part of parts) for (let w = 1; w <= words; w++) wordStarts[w] = wordStarts[w]! + part.counts[w]!;
  }
  prefixSums(wordStarts, words);
  const postings = allocate(Uint32Array, 4, wordStarts[words]!, shared);
  for (let p = parts.length - 1; p >= 0; p--) fillPostings(parts[p]!, wordStarts, postings);
  const posted = postings.length;
  wordStarts.copyWithin(0, 1);
  wordStarts[words] = posted;
  return { wordStarts, postings };
}

/**
 * References kept without their word index (ReferenceIndexBuilder.finishWithoutWords, or filed so)
 * with it added: the same index `finish` builds. An index that has one is returned as it is.
 */
export function withWordIndex(index: ReferenceIndex, options: { shared?: boolean; maxListedBases?: number } = {}): ReferenceIndex {
  if (index.wordStarts.length > 0) return index;
  const started = performance.now();
  const n = index.offsets.length - 1;
  const shared = options.shared ?? false;
  const k = index.wordLength;
  let wordStarts: Uint32Array;
  let postings: Uint32Array;
  if (index.codes.length <= (options.maxListedBases ?? LISTING_LIMIT)) ({ wordStarts, postings } = postListedWords([listWordsOf(index, 0, n, { shared })], n, k, shared));
  else {
    const words = 1 << (2 * k);
    wordStarts = allocate(Uint32Array, 4, words + 1, shared);
    countDistinctWords(index.codes, index.offsets, n, k, wordStarts);
    prefixSums(wordStarts, words);
    postings = allocate(Uint32Array, 4, wordStarts[words]!, shared);
    rescanPostings(index.codes, index.offsets, n, k, wordStarts, postings);
    wordStarts.copyWithin(0, 1);
    wordStarts[words] = postings.length;
  }
  return { ...index, wordStarts, postings, bytes: index.bytes + wordStarts.byteLength + postings.byteLength, buildMs: index.buildMs + performance.now() - started };
}

function prefixSums(counts: Uint32Array, words: number): void {
  for (let w = 0; w < words; w++) counts[w + 1] = counts[w + 1]! + counts[w]!;
}

/** Large sets, pass 1 without listing: counts references per word into counts[word + 1]. */
function countDistinctWords(codes: Uint8Array, offsets: Uint32Array, n: number, k: number, counts: Uint32Array): void {
  const mask = (1 << (2 * k)) - 1;
  const seen = new Int32Array(mask + 1).fill(-1);
  for (let r = 0; r < n; r++) {
    let word = 0;
    let valid = 0;
    for (let i = offsets[r]!, end = offsets[r + 1]!; i < end; i++) {
      const b = TWO_BIT[codes[i]!]!;
      if (b < 0) {
        valid = 0;
        continue;
      }
      word = ((word << 2) | b) & mask;
      if (++valid >= k && seen[word] !== r) {
        seen[word] = r;
        counts[word + 1]!++;
      }
    }
  }
}

/** Large sets, pass 2: reads the words again, last reference first, filling postings from the end. */
function rescanPostings(codes: Uint8Array, offsets: Uint32Array, n: number, k: number, wordStarts: Uint32Array, postings: Uint32Array): void {
  const mask = (1 << (2 * k)) - 1;
  const seen = new Int32Array(mask + 1).fill(-1);
  for (let r = n - 1; r >= 0; r--) {
    let word = 0;
    let valid = 0;
    for (let i = offsets[r]!, end = offsets[r + 1]!; i < end; i++) {
      const b = TWO_BIT[codes[i]!]!;
      if (b < 0) {
        valid = 0;
        continue;
      }
      word = ((word << 2) | b) & mask;
      if (++valid >= k && seen[word] !== r) {
        seen[word] = r;
        const slot = word + 1;
        const at = wordStarts[slot]! - 1;
        wordStarts[slot] = at;
        postings[at] = r;
      }
    }
  }
}

// The two passes are separate functions so that each is optimised on its own while it runs
// (one large function is optimised mid-loop and then thrown away when it reaches the next loop).

/**
 * Pass 1: lists each reference's distinct words (`seen` stamps the last reference that produced a
 * word, so a word repeated inside a reference is listed once) and counts references per word into
 * counts[word + 1]. Returns how many words were listed.
 */
function listDistinctWords(
  codes: Uint8Array,
  offsets: Uint32Array,
  from: number,
  to: number,
  k: number,
  counts: Uint32Array,
  listed: Uint32Array,
  listedEnd: Uint32Array,
): number {
  const mask = (1 << (2 * k)) - 1;
  const seen = new Int32Array(mask + 1).fill(-1);
  let listedCount = 0;
  for (let r = from; r < to; r++) {
    let word = 0;
    let valid = 0;
    for (let i = offsets[r]!, end = offsets[r + 1]!; i < end; i++) {
      const b = TWO_BIT[codes[i]!]!;
      if (b < 0) {
        valid = 0;
        continue;
      }
      word = ((word << 2) | b) & mask;
      if (++valid >= k && seen[word] !== r) {
        seen[word] = r;
        counts[word + 1]!++;
        listed[listedCount++] = word;
      }
    }
    listedEnd[r - from] = listedCount;
  }
  return listedCount;
}

/**
 * Pass 2: fills each word's postings from its end, last reference first, so they come out ascending
 * and wordStarts[w + 1] walks down to the start of word w (the caller then shifts by one).
 */
function fillPostings(part: ListedWords, wordStarts: Uint32Array, postings: Uint32Array): void {
  const { from, listed, listedEnd } = part;
  for (let r = part.to - 1; r >= from; r--) {
    for (let i = r > from ? listedEnd[r - 1 - from]! : 0, end = listedEnd[r - from]!; i < end; i++) {
      const slot = listed[i]! + 1;
      const at = wordStarts[slot]! - 1;
      wordStarts[slot] = at;
      postings[at] = r;
    }
  }
}

/** Rebuilds an index around typed arrays received from another thread. */
export function indexFromData(data: ReferenceIndexData, refs: ReferenceInfo[], buildMs = 0): ReferenceIndex {
  const bytes = data.codes.byteLength + data.offsets.byteLength + data.wordStarts.byteLength + data.postings.byteLength;
  return { ...data, refs, buildMs, bytes, skipped: [] };
}
