/**
 * Typo-tolerant name lookup ("Eschericia coli", "Klebsiela pneumonia").
 *
 * Edit distance: insertions, deletions, substitutions and swaps of two adjacent
 * letters each cost one. The computation gives up as soon as the distance must
 * exceed `limit`.
 */

let before = new Int32Array(64);
let previous = new Int32Array(64);
let current = new Int32Array(64);

function ensureCapacity(size: number): void {
  if (previous.length >= size) return;
  const grown = Math.max(size, previous.length * 2);
  before = new Int32Array(grown);
  previous = new Int32Array(grown);
  current = new Int32Array(grown);
}

export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  const n = b.length;
  ensureCapacity(n + 1);
  let rowBefore = before;
  let rowPrevious = previous;
  let rowCurrent = current;
  for (let j = 0; j <= n; j++) rowPrevious[j] = j;
  for (let i = 1; i <= a.length; i++) {
    rowCurrent[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let best = rowPrevious[j - 1]! + (ai === bj ? 0 : 1);
      const deletion = rowPrevious[j]! + 1;
      if (deletion < best) best = deletion;
      const insertion = rowCurrent[j - 1]! + 1;
      if (insertion < best) best = insertion;
      if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) {
        const swap = rowBefore[j - 2]! + 1;
        if (swap < best) best = swap;
      }
      rowCurrent[j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit) return limit + 1;
    const spare = rowBefore;
    rowBefore = rowPrevious;
    rowPrevious = rowCurrent;
    rowCurrent = spare;
  }
  const distance = rowPrevious[n]!;
  return distance > limit ? limit + 1 : distance;
}

/** How many edits a name of this length may carry and still be recognised. */
export function allowedEdits(text: string): number {
  const cjk = /[\u3400-\u9fff]/.test(text);
  if (cjk) return text.length >= 4 ? 1 : 0;
  if (text.length < 5) return 0;
  if (text.length < 10) return 1;
  if (text.length < 16) return 2;
  return 3;
}

export function similarity(a: string, b: string, distance: number): number {
  const longest = Math.max(a.length, b.length, 1);
  return Math.round((1 - distance / longest) * 1000) / 1000;
}

export interface FuzzyHit {
  /** Position of the key in the list the index was built from. */
  index: number;
  distance: number;
}

/**
 * Candidate search over a fixed list of keys. Two strings within k edits share
 * most of their letter pairs (one edit breaks at most three pairs, a swap
 * included), so only keys sharing enough pairs with the query are checked with
 * the full edit distance.
 */
export class FuzzyIndex {
  /** Key length → letter pair → keys of that length containing the pair. */
  private readonly buckets = new Map<number, Map<string, number[]>>();
  private readonly counts: Int32Array;
  private readonly touched: Int32Array;
  /** One-letter deletions of every key (and the key itself) → keys; built on first use. */
  private deletions: Map<string, number[]> | undefined;

  constructor(private readonly keys: readonly string[]) {
    keys.forEach((key, index) => {
      let postings = this.buckets.get(key.length);
      if (!postings) {
        postings = new Map();
        this.buckets.set(key.length, postings);
      }
      for (const pair of new Set(pairs(key))) {
        const list = postings.get(pair);
        if (list) list.push(index);
        else postings.set(pair, [index]);
      }
    });
    this.counts = new Int32Array(keys.length);
    this.touched = new Int32Array(keys.length);
  }

  /**
   * The closest keys within `limit` edits (all at the same, smallest distance; ties
   * in key order). Searching one edit at a time keeps the common case — a single
   * slip of the finger — cheap, since a small limit lets few candidates through.
   */
  search(query: string, limit: number): FuzzyHit[] {
    if (limit >= 1) {
      const close = this.oneEdit(query);
      if (close.length > 0) return close;
    }
    const queryPairs = [...new Set(pairs(query))];
    for (let edits = 2; edits <= limit; edits++) {
      const hits = this.within(query, queryPairs, edits);
      if (hits.length > 0) return hits;
    }
    return [];
  }

  /**
   * Keys one edit away, through the keys' one-letter deletions: an insertion,
   * deletion, substitution or swap leaves the query and the key with a common
   * one-letter deletion (or one equal to the other).
   */
  private oneEdit(query: string): FuzzyHit[] {
    this.deletions ??= this.buildDeletions();
    const candidates = new Set<number>();
    const add = (variant: string) => {
      const found = this.deletions!.get(variant);
      if (found !== undefined) for (const index of found) candidates.add(index);
    };
    add(query);
    for (let i = 0; i < query.length; i++) add(query.slice(0, i) + query.slice(i + 1));
    const hits: FuzzyHit[] = [];
    for (const index of candidates) {
      const distance = boundedEditDistance(query, this.keys[index]!, 1);
      if (distance === 1) hits.push({ index, distance });
    }
    return hits.sort((a, b) => a.index - b.index);
  }

  private buildDeletions(): Map<string, number[]> {
    const deletions = new Map<string, number[]>();
    const put = (variant: string, index: number) => {
      const list = deletions.get(variant);
      if (!list) deletions.set(variant, [index]);
      else if (list[list.length - 1] !== index) list.push(index);
    };
    this.keys.forEach((key, index) => {
      put(key, index);
      for (let i = 0; i < key.length; i++) put(key.slice(0, i) + key.slice(i + 1), index);
    });
    return deletions;
  }

  private within(query: string, queryPairs: readonly string[], limit: number): FuzzyHit[] {
    const needed = Math.max(1, queryPairs.length - 3 * limit);
    let touchedCount = 0;
    // keys more than `limit` letters longer or shorter cannot be within `limit` edits
    for (let length = query.length - limit; length <= query.length + limit; length++) {
      const postings = this.buckets.get(length);
      if (!postings) continue;
      for (const pair of queryPairs) {
        const list = postings.get(pair);
        if (!list) continue;
        for (const index of list) {
          if (this.counts[index] === 0) this.touched[touchedCount++] = index;
          this.counts[index]! += 1;
        }
      }
    }
    const hits: FuzzyHit[] = [];
    for (let t = 0; t < touchedCount; t++) {
      const index = this.touched[t]!;
      const shared = this.counts[index]!;
      this.counts[index] = 0;
      if (shared < needed) continue;
      const distance = boundedEditDistance(query, this.keys[index]!, limit);
      if (distance <= limit) hits.push({ index, distance });
    }
    return hits.sort((a, b) => a.distance - b.distance || a.index - b.index);
  }
}

function pairs(text: string): string[] {
  if (text.length < 2) return [text];
  const out: string[] = [];
  for (let i = 0; i < text.length - 1; i++) out.push(text.slice(i, i + 2));
  return out;
}
