import { TWO_BIT } from './alphabet';
import { instantiateScanKernels, type ScanKernels } from './wasm/scan-kernels';
import { needsAllWords, onMinusStrand, type CandidateRanking, type CandidateSource } from './candidate-ranking';
import type { ReferenceIndex, ReferenceIndexData } from './reference-index';

/**
 * Candidates for a whole batch from one scan of the references, without a word index. A word index
 * costs a pass that lists and posts every word of every reference (12 million for the 39,000 ITS2
 * references) before the first query is answered; a batch of a few hundred reads asks about a few
 * hundred thousand distinct words. vsearch and BLAST build or load their index all the same; here
 * the references are read once against the batch's words instead, the way a small batch is cheaper
 * to stream than to index (as `sourmash gather` streams a database it has not indexed).
 *
 * The candidates are those the word index gives (search.ts answers by the rules in
 * candidate-ranking.ts either way): the batch is run once with a {@link CandidateRecorder}, which
 * answers nothing and records the words each search asks about, then the references are scanned
 * for those words, and the batch is run again with the answers.
 */

interface Request {
  forward: Uint32Array;
  reverse: Uint32Array;
}

/** First run of a batch: records each search's words (both strands) and its ranking setting; answers no candidates. */
export class CandidateRecorder implements CandidateSource {
  readonly requests: Request[] = [];
  limit = 0;
  cap = 0;
  /** A search asked for a ranking on all words (see needsAllWords). */
  allWords = false;

  minusStrand(forward: Uint32Array, reverse: Uint32Array): boolean {
    this.requests.push({ forward, reverse });
    return false;
  }

  rank(_words: Uint32Array, limit: number, cap: number): CandidateRanking {
    if (!Number.isFinite(cap)) this.allWords = true;
    else {
      if ((this.limit !== 0 && this.limit !== limit) || (this.cap !== 0 && this.cap !== cap)) throw new Error('CandidateRecorder: one batch is ranked with one setting');
      this.limit = limit;
      this.cap = cap;
    }
    return { candidates: new Uint32Array(0), best: 0, counted: 0 };
  }
}

/**
 * Answers by a read's words (the second run computes the same words anew): looked up by a hash of
 * them, and the words compared, so that reads never share an answer by a collision.
 */
class ByWords<T> {
  private readonly entries = new Map<number, { words: Uint32Array; value: T }[]>();

  private static hash(words: Uint32Array): number {
    let h = 0x811c9dc5 ^ words.length;
    for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i]!, 0x01000193);
    return h;
  }

  private static same(a: Uint32Array, b: Uint32Array): boolean {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  get(words: Uint32Array): T | undefined {
    return this.entries.get(ByWords.hash(words))?.find((e) => ByWords.same(e.words, words))?.value;
  }

  set(words: Uint32Array, value: T): void {
    const h = ByWords.hash(words);
    const list = this.entries.get(h);
    if (list) list.push({ words, value });
    else this.entries.set(h, [{ words, value }]);
  }

  has(words: Uint32Array): boolean {
    return this.get(words) !== undefined;
  }
}

interface Rankings {
  capped?: CandidateRanking;
  allWords?: CandidateRanking;
}

/** Second run of a batch: the scan's answers, looked up by the words asked about. */
class ScannedCandidates implements CandidateSource {
  constructor(
    /** By the forward strand's words. */
    private readonly strands: ByWords<boolean>,
    /** By the searched strand's words. */
    private readonly rankings: ByWords<Rankings>,
    private readonly limit: number,
    private readonly cap: number,
  ) {}

  minusStrand(forward: Uint32Array): boolean {
    const minus = this.strands.get(forward);
    if (minus === undefined) throw new Error('scanCandidates: a read the recorded run did not ask about');
    return minus;
  }

  rank(words: Uint32Array, limit: number, cap: number): CandidateRanking {
    if (limit !== this.limit || (Number.isFinite(cap) && cap !== this.cap)) throw new Error('scanCandidates: ranked with another setting than recorded');
    const rankings = this.rankings.get(words);
    const ranking = Number.isFinite(cap) ? rankings?.capped : rankings?.allWords;
    if (!ranking) throw new Error('scanCandidates: a ranking the recorded run did not ask for');
    return ranking;
  }
}

/**
 * The references of `index` (its codes and offsets; its word postings are not read) answering
 * what `recorded` asked: the index to search the batch again with (see the module comment).
 */
export function scanCandidates(index: ReferenceIndex, recorded: CandidateRecorder): ReferenceIndex {
  const { requests, limit, cap } = recorded;
  const words = new BatchWords(index.wordLength);
  for (const r of requests) {
    words.add(r.forward);
    words.add(r.reverse);
  }
  words.seal();
  const kernels = useScanKernels ? instantiateScanKernels() : null;
  const wasm = kernels ? new WasmScan(kernels, index, words) : undefined;
  const found = wasm ? wasm.find() : findBatchWords(index, words);
  // Each read's words by their number in the batch, once per strand.
  const present = (ids: Uint32Array) => {
    let n = 0;
    for (let i = 0; i < ids.length; i++) if (found.references[ids[i]!]! > 0) n++;
    return n;
  };
  // Each distinct read once, on the strand its words say.
  const strands = new ByWords<boolean>();
  const rankings = new ByWords<Rankings>();
  const searched: { ids: Uint32Array; rankings: Rankings }[] = [];
  for (const r of requests) {
    if (strands.has(r.forward)) continue;
    const forward = words.idsOf(r.forward);
    const reverse = words.idsOf(r.reverse);
    const minus = onMinusStrand(present(forward), present(reverse));
    strands.set(r.forward, minus);
    const list = minus ? r.reverse : r.forward;
    if (rankings.has(list)) continue;
    const entry: Rankings = {};
    rankings.set(list, entry);
    searched.push({ ids: minus ? reverse : forward, rankings: entry });
  }
  const rank = (reads: Uint32Array[], roundCap: number): CandidateRanking[] => {
    const plan = countingPlan(words, found.references, reads, limit, roundCap);
    return rankingsOf(wasm ? wasm.count(plan) : countBatchWords(found, plan), limit, plan.counted);
  };
  if (limit > 0 && searched.length > 0) {
    rank(searched.map((s) => s.ids), cap).forEach((ranking, i) => (searched[i]!.rankings.capped = ranking));
    // The reads the search ranks again on all their words (needsAllWords), when it does.
    const distant = recorded.allWords ? searched.filter((s) => needsAllWords(s.rankings.capped!)) : [];
    if (distant.length > 0) rank(distant.map((s) => s.ids), Infinity).forEach((ranking, i) => (distant[i]!.rankings.allWords = ranking));
  }
  return { ...index, ranking: new ScannedCandidates(strands, rankings, limit, cap) };
}

let useScanKernels = true;

/** Scans with the WebAssembly kernels (the default, where available) or the JavaScript passes (tests compare the two). */
export function setScanKernels(use: boolean): void {
  useScanKernels = use;
}

/**
 * Runs `search` (a batch over `indexes`, each taken through `use`) so that indexes without word
 * postings answer from one scan of their references: once recording, once answering. Indexes with
 * postings are searched as they are, and a batch over those alone runs once.
 */
export function withScannedCandidates<T>(indexes: readonly ReferenceIndex[], search: (use: (index: ReferenceIndex) => ReferenceIndex) => T): T {
  const unindexed = indexes.filter((index) => index.wordStarts.length === 0 && !index.ranking);
  if (unindexed.length === 0) return search((index) => index);
  const recording = new Map(unindexed.map((index) => [index, { ...index, ranking: new CandidateRecorder() }] as const));
  search((index) => recording.get(index) ?? index);
  const scanned = new Map([...recording].map(([index, { ranking }]) => [index, scanCandidates(index, ranking)] as const));
  return search((index) => scanned.get(index) ?? index);
}

/** Set bits of a 32-bit number. */
function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The rank of `word`, one of the batch's words (see BatchWords.ranks). */
function rankOf(ranks: Uint32Array, word: number): number {
  const at = (word >>> 5) << 1;
  return ranks[at + 1]! + bitCount(ranks[at]! & ((1 << (word & 31)) - 1));
}

/** The batch's distinct words, numbered by rank: `add` every read's words, then `seal`. */
class BatchWords {
  /**
   * The words as bits, two numbers per 32 words: their bits, then how many words come before them.
   * A word's number is its rank among the batch's words, found in this quarter of a megabyte,
   * which stays in the second-level cache (a table by word takes 4 MB for k = 10, and the scan
   * looks a word up at a quarter of all reference positions: 15–20 ms of a 90 ms pass).
   */
  readonly ranks: Uint32Array;
  count = 0;

  constructor(readonly wordLength: number) {
    this.ranks = new Uint32Array(2 * Math.max(1, (1 << (2 * wordLength)) >>> 5));
  }

  add(list: Uint32Array): void {
    const { ranks } = this;
    for (let i = 0; i < list.length; i++) ranks[(list[i]! >>> 5) << 1]! |= 1 << (list[i]! & 31);
  }

  seal(): void {
    const { ranks } = this;
    let count = 0;
    for (let at = 0; at < ranks.length; at += 2) {
      ranks[at + 1] = count;
      count += bitCount(ranks[at]!);
    }
    this.count = count;
  }

  /** The numbers of `list`'s words, all of them the batch's. */
  idsOf(list: Uint32Array): Uint32Array {
    const ids = new Uint32Array(list.length);
    for (let i = 0; i < list.length; i++) ids[i] = rankOf(this.ranks, list[i]!);
    return ids;
  }
}

/** The batch words found in the references. */
interface FoundWords {
  /** References holding each batch word, by its number. */
  references: Uint32Array;
  /** The batch words of each reference, once each: reference r's are hits[hitEnd[r − 1], hitEnd[r]). */
  hits: Uint32Array;
  hitEnd: Uint32Array;
}

/**
 * References taken per call of a pass's inner function. V8 runs a function called once with one
 * long loop in its slower tiers for much of that call (a pass over the ITS2 references took 47 ms
 * so, 28 ms once optimised); called for a few hundred references at a time, it is optimised after
 * the first calls and the pass takes 28 ms from the start.
 */
const REFERENCES_PER_CALL = 256;

/**
 * Reads the words of every reference once: which batch words each holds (each once), and in how
 * many references each batch word occurs (for the cap on common words and the strand).
 */
function findBatchWords(data: Pick<ReferenceIndexData, 'codes' | 'offsets'>, words: BatchWords): FoundWords {
  const { codes, offsets } = data;
  const to = offsets.length - 1;
  // Per batch word, side by side (one cache line for both): the last reference that held it, and how many did.
  const seen = new Int32Array(2 * words.count);
  for (let id = 0; id < words.count; id++) seen[2 * id] = -1;
  const hitEnd = new Uint32Array(to);
  // About a quarter of a batch's reference positions hold one of its words (439 ITS2 reads: 3.3 of 12 million).
  let hits = new Uint32Array(Math.max(1024, codes.length >>> 2));
  let count = 0;
  for (let r = 0; r < to; r += REFERENCES_PER_CALL) {
    const last = Math.min(to, r + REFERENCES_PER_CALL);
    // Room for a hit at every position of these references.
    const room = count + offsets[last]! - offsets[r]!;
    if (room > hits.length) {
      const grown = new Uint32Array(Math.max(room, hits.length * 2));
      grown.set(hits.subarray(0, count));
      hits = grown;
    }
    count = findInReferences(codes, offsets, r, last, words.ranks, words.wordLength, seen, hits, count, hitEnd);
  }
  return { references: referenceCounts(seen), hits: hits.subarray(0, count), hitEnd };
}

/** In how many references each batch word occurs, from `seen` (stamp, count) pairs. */
function referenceCounts(seen: Int32Array): Uint32Array {
  const references = new Uint32Array(seen.length >>> 1);
  for (let id = 0; id < references.length; id++) references[id] = seen[2 * id + 1]!;
  return references;
}

function findInReferences(
  codes: Uint8Array,
  offsets: Uint32Array,
  first: number,
  last: number,
  ranks: Uint32Array,
  k: number,
  seen: Int32Array,
  hits: Uint32Array,
  count: number,
  hitEnd: Uint32Array,
): number {
  const mask = (1 << (2 * k)) - 1;
  for (let r = first; r < last; r++) {
    let word = 0;
    let valid = 0;
    for (let i = offsets[r]!, end = offsets[r + 1]!; i < end; i++) {
      const b = TWO_BIT[codes[i]!]!;
      if (b < 0) {
        valid = 0;
        continue;
      }
      word = ((word << 2) | b) & mask;
      if (++valid < k) continue;
      const pair = (word >>> 5) << 1;
      const bits = ranks[pair]!;
      const bit = 1 << (word & 31);
      if ((bits & bit) !== 0) {
        const at = 2 * (ranks[pair + 1]! + bitCount(bits & (bit - 1)));
        if (seen[at] === r) continue;
        seen[at] = r;
        seen[at + 1]!++;
        hits[count++] = at >>> 1;
      }
    }
    hitEnd[r] = count;
  }
  return count;
}

/**
 * What a counting round counts: for each counted batch word the reads holding it. Most words are in
 * one read of a batch, kept in the word's own entry of `readsOf` (≥ 0); a word in several points to
 * its list in `lists` (−2 − start, the list's length first); −1: not counted.
 */
interface CountingPlan {
  reads: number;
  limit: number;
  /** Counted words as bits (a few kilobytes): most hits are words too common to count, turned away before their entry is read. */
  countedWords: Uint32Array;
  readsOf: Int32Array;
  lists: Uint32Array;
  /** Words counted per read. */
  counted: Uint32Array;
}

/** The plan of a round over reads given as their words' numbers in the batch. */
function countingPlan(words: BatchWords, references: Uint32Array, reads: Uint32Array[], limit: number, cap: number): CountingPlan {
  const holders = new Uint32Array(words.count);
  const counted = new Uint32Array(reads.length);
  for (let q = 0; q < reads.length; q++) {
    const ids = reads[q]!;
    for (let i = 0; i < ids.length; i++) {
      const refs = references[ids[i]!]!;
      if (refs === 0 || refs > cap) continue;
      holders[ids[i]!]!++;
      counted[q]!++;
    }
  }
  const readsOf = new Int32Array(words.count).fill(-1);
  let listed = 0;
  for (let id = 0; id < words.count; id++) if (holders[id]! > 1) listed += holders[id]! + 1;
  const lists = new Uint32Array(listed);
  listed = 0;
  for (let id = 0; id < words.count; id++) {
    if (holders[id]! <= 1) continue;
    readsOf[id] = -2 - listed;
    listed += holders[id]! + 1;
  }
  for (let q = 0; q < reads.length; q++) {
    const ids = reads[q]!;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const refs = references[id]!;
      if (refs === 0 || refs > cap) continue;
      if (holders[id] === 1) readsOf[id] = q;
      else {
        const start = -2 - readsOf[id]!;
        lists[start + 1 + lists[start]!++] = q;
      }
    }
  }
  const countedWords = new Uint32Array((words.count + 31) >>> 5);
  for (let id = 0; id < words.count; id++) if (readsOf[id] !== -1) countedWords[id >>> 5]! |= 1 << (id & 31);
  return { reads: reads.length, limit, countedWords, readsOf, lists, counted };
}

/** Each read's best references (a heap of `limit` per read; see TopReferences). */
interface TopReferencesData {
  counts: Uint32Array;
  refs: Uint32Array;
  sizes: Uint32Array;
}

/**
 * Counts, per reference, the words it shares with each read of the plan, and keeps each read's
 * best `limit` (reads are few, so the counters stay in the first-level cache).
 */
function countBatchWords(found: FoundWords, plan: CountingPlan): TopReferencesData {
  const heaps = new TopReferences(plan.reads, plan.limit);
  countPerReference(found, plan, heaps);
  return heaps.data;
}

function countPerReference(found: FoundWords, plan: CountingPlan, heaps: TopReferences): void {
  const counts = new Uint32Array(plan.reads);
  const touched = new Uint32Array(plan.reads);
  const references = found.hitEnd.length;
  for (let i = 0, h = 0; i < references; i += REFERENCES_PER_CALL) h = countInReferences(found, plan, heaps, i, Math.min(references, i + REFERENCES_PER_CALL), h, counts, touched);
}

/** References first … last − 1, their hits from `h`; returns where the next reference's hits start. */
function countInReferences(found: FoundWords, plan: CountingPlan, heaps: TopReferences, first: number, last: number, h: number, counts: Uint32Array, touched: Uint32Array): number {
  const { hits, hitEnd } = found;
  const { countedWords, readsOf, lists } = plan;
  const { worst, full } = heaps;
  for (let i = first; i < last; i++) {
    let touchedCount = 0;
    for (const end = hitEnd[i]!; h < end; h++) {
      const id = hits[h]!;
      if ((countedWords[id >>> 5]! & (1 << (id & 31))) === 0) continue;
      const holder = readsOf[id]!;
      if (holder >= 0) {
        if (counts[holder]!++ === 0) touched[touchedCount++] = holder;
      } else {
        const start = -2 - holder;
        for (let p = start + 1, end = start + 1 + lists[start]!; p < end; p++) {
          const q = lists[p]!;
          if (counts[q]!++ === 0) touched[touchedCount++] = q;
        }
      }
    }
    // Most offers lose to the worst reference a full heap keeps: turned away here, without a call.
    for (let t = 0; t < touchedCount; t++) {
      const q = touched[t]!;
      const count = counts[q]!;
      counts[q] = 0;
      if (full[q] === 0 || count > worst[q]!) heaps.offer(q, count, i);
    }
  }
  return h;
}

/**
 * Each read's ranking from its best references: most shared words first, then the earlier
 * reference, sorted as one number each (count above, reference below; a native typed-array sort).
 */
function rankingsOf(top: TopReferencesData, limit: number, counted: Uint32Array): CandidateRanking[] {
  const rankings: CandidateRanking[] = [];
  const keys = new Float64Array(limit);
  for (let q = 0; q < counted.length; q++) {
    const size = top.sizes[q]!;
    for (let i = 0; i < size; i++) keys[i] = top.counts[q * limit + i]! * 2 ** 32 + (2 ** 32 - 1 - top.refs[q * limit + i]!);
    const sorted = keys.subarray(0, size).sort();
    const candidates = new Uint32Array(size);
    for (let i = 0; i < size; i++) candidates[i] = 2 ** 32 - 1 - (sorted[size - 1 - i]! % 2 ** 32);
    rankings.push({ candidates, best: size > 0 ? Math.floor(sorted[size - 1]! / 2 ** 32) : 0, counted: counted[q]! });
  }
  return rankings;
}

/**
 * Each read's best `limit` references so far, as a heap whose root is the worst kept (fewest shared
 * words, then the later reference). References are offered in ascending order, so one tying the
 * worst kept never displaces it, as the index's ranking keeps the earlier reference.
 */
class TopReferences {
  private readonly counts: Uint32Array;
  private readonly refs: Uint32Array;
  private readonly sizes: Uint32Array;
  /** 1 once a read's heap holds `limit` references; then `worst` is the fewest words they share. */
  readonly full: Uint8Array;
  readonly worst: Uint32Array;

  constructor(
    reads: number,
    private readonly limit: number,
  ) {
    this.counts = new Uint32Array(reads * limit);
    this.refs = new Uint32Array(reads * limit);
    this.sizes = new Uint32Array(reads);
    this.full = new Uint8Array(reads);
    this.worst = new Uint32Array(reads);
  }

  get data(): TopReferencesData {
    return { counts: this.counts, refs: this.refs, sizes: this.sizes };
  }

  /** a (count, ref) worse than b: fewer words, or as many in a later reference. */
  private static worse(countA: number, refA: number, countB: number, refB: number): boolean {
    return countA < countB || (countA === countB && refA > refB);
  }

  offer(read: number, count: number, ref: number): void {
    const { counts, refs, limit } = this;
    const base = read * limit;
    const size = this.sizes[read]!;
    if (size < limit) {
      // Sift up from the new leaf.
      let j = size;
      this.sizes[read] = size + 1;
      while (j > 0) {
        const parent = (j - 1) >> 1;
        if (TopReferences.worse(counts[base + parent]!, refs[base + parent]!, count, ref)) break;
        counts[base + j] = counts[base + parent]!;
        refs[base + j] = refs[base + parent]!;
        j = parent;
      }
      counts[base + j] = count;
      refs[base + j] = ref;
      if (size + 1 === limit) {
        this.full[read] = 1;
        this.worst[read] = counts[base]!;
      }
      return;
    }
    if (count <= counts[base]!) return;
    // Replace the root and sift down.
    let j = 0;
    for (;;) {
      let child = 2 * j + 1;
      if (child >= limit) break;
      const right = child + 1;
      if (right < limit && TopReferences.worse(counts[base + right]!, refs[base + right]!, counts[base + child]!, refs[base + child]!)) child = right;
      if (!TopReferences.worse(counts[base + child]!, refs[base + child]!, count, ref)) break;
      counts[base + j] = counts[base + child]!;
      refs[base + j] = refs[base + child]!;
      j = child;
    }
    counts[base + j] = count;
    refs[base + j] = ref;
    this.worst[read] = counts[base]!;
  }
}

/**
 * The two passes in the scan kernels (wasm/scan-kernels.ts): the references and the batch words
 * copied into the kernels' memory once, the hits kept there for the counting rounds. Memory:
 * fixed tables, codes, offsets, ranks, seen, hitEnd, then the hits (grown while found), then a
 * counting round's plan, counters and heaps. Views are taken anew after every growth.
 */
class WasmScan {
  private readonly twoBitPtr = 0;
  private readonly codesPtr = 64;
  private readonly offsetsPtr: number;
  private readonly ranksPtr: number;
  private readonly seenPtr: number;
  private readonly hitEndPtr: number;
  private readonly hitsPtr: number;
  private hitCount = 0;
  private readonly refs: number;
  private readonly offsets: Uint32Array;

  constructor(
    private readonly kernels: ScanKernels,
    data: Pick<ReferenceIndexData, 'codes' | 'offsets'>,
    private readonly words: BatchWords,
  ) {
    const align = (n: number) => (n + 63) & ~63;
    this.refs = data.offsets.length - 1;
    this.offsetsPtr = align(this.codesPtr + data.codes.length);
    this.ranksPtr = align(this.offsetsPtr + 4 * data.offsets.length);
    this.seenPtr = align(this.ranksPtr + 4 * words.ranks.length);
    this.hitEndPtr = align(this.seenPtr + 8 * words.count);
    this.hitsPtr = align(this.hitEndPtr + 4 * this.refs);
    // About a quarter of the positions hold a batch word (see findBatchWords); grown when more do.
    this.reserve(this.hitsPtr + data.codes.length);
    const u8 = new Uint8Array(kernels.memory.buffer);
    for (let c = 0; c < 16; c++) u8[this.twoBitPtr + c] = TWO_BIT[c]! & 0xff;
    u8.set(data.codes, this.codesPtr);
    new Uint32Array(kernels.memory.buffer, this.offsetsPtr, data.offsets.length).set(data.offsets);
    new Uint32Array(kernels.memory.buffer, this.ranksPtr, words.ranks.length).set(words.ranks);
    const seen = new Int32Array(kernels.memory.buffer, this.seenPtr, 2 * words.count);
    for (let id = 0; id < words.count; id++) seen[2 * id] = -1;
    this.offsets = data.offsets;
  }

  private reserve(bytes: number): void {
    const memory = this.kernels.memory;
    if (memory.buffer.byteLength < bytes) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
  }

  find(): FoundWords {
    const { kernels, offsets, words } = this;
    const mask = (1 << (2 * words.wordLength)) - 1;
    let count = 0;
    for (let r = 0; r < this.refs; r += REFERENCES_PER_CALL) {
      const last = Math.min(this.refs, r + REFERENCES_PER_CALL);
      // Room for a hit at every position of these references.
      this.reserve(this.hitsPtr + 4 * (count + offsets[last]! - offsets[r]!));
      count = kernels.find(this.codesPtr, this.offsetsPtr, r, last, this.ranksPtr, mask, words.wordLength, this.seenPtr, this.hitsPtr, count, this.hitEndPtr, this.twoBitPtr);
    }
    this.hitCount = count;
    const buffer = kernels.memory.buffer;
    // The hits stay in the kernels' memory for the counting rounds.
    return { references: referenceCounts(new Int32Array(buffer, this.seenPtr, 2 * words.count)), hits: new Uint32Array(0), hitEnd: new Uint32Array(0) };
  }

  count(plan: CountingPlan): TopReferencesData {
    const { kernels } = this;
    const align = (n: number) => (n + 63) & ~63;
    const heapBytes = 4 * plan.reads * plan.limit;
    const countedPtr = align(this.hitsPtr + 4 * this.hitCount);
    const readsOfPtr = align(countedPtr + 4 * plan.countedWords.length);
    const listsPtr = align(readsOfPtr + 4 * plan.readsOf.length);
    const countsPtr = align(listsPtr + 4 * plan.lists.length);
    const touchedPtr = align(countsPtr + 4 * plan.reads);
    const fullPtr = align(touchedPtr + 4 * plan.reads);
    const worstPtr = align(fullPtr + plan.reads);
    const sizesPtr = align(worstPtr + 4 * plan.reads);
    const heapCountsPtr = align(sizesPtr + 4 * plan.reads);
    const heapRefsPtr = align(heapCountsPtr + heapBytes);
    this.reserve(heapRefsPtr + heapBytes);
    const buffer = kernels.memory.buffer;
    new Uint32Array(buffer, countedPtr, plan.countedWords.length).set(plan.countedWords);
    new Int32Array(buffer, readsOfPtr, plan.readsOf.length).set(plan.readsOf);
    new Uint32Array(buffer, listsPtr, plan.lists.length).set(plan.lists);
    // Counters, heap sizes, full and worst start at zero (a second round reuses the memory).
    new Uint8Array(buffer, countsPtr, heapCountsPtr - countsPtr).fill(0);
    for (let r = 0; r < this.refs; r += REFERENCES_PER_CALL) {
      const last = Math.min(this.refs, r + REFERENCES_PER_CALL);
      kernels.count(this.hitsPtr, this.hitEndPtr, r, last, countedPtr, readsOfPtr, listsPtr, countsPtr, touchedPtr, fullPtr, worstPtr, heapCountsPtr, heapRefsPtr, sizesPtr, plan.limit);
    }
    return {
      counts: new Uint32Array(buffer, heapCountsPtr, plan.reads * plan.limit).slice(),
      refs: new Uint32Array(buffer, heapRefsPtr, plan.reads * plan.limit).slice(),
      sizes: new Uint32Array(buffer, sizesPtr, plan.reads).slice(),
    };
  }
}
