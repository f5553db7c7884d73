/**
 * How a search finds the references worth aligning, apart from where the word counts come from: a
 * word index (search.ts, for any query at any time) or one scan of the references for a whole
 * batch (reference-scan.ts). Both answer the same questions by the rules below, so a batch gets the
 * same candidates either way.
 */

/** References sharing the most words with a query, most first (ties by reference order). */
export interface CandidateRanking {
  candidates: Uint32Array;
  /** Words shared with the best candidate. */
  best: number;
  /** Query words that were counted (found in 1 … cap references). */
  counted: number;
}

export interface CandidateSource {
  /** Whether the query is searched reverse-complemented: `onMinusStrand` of how many of each strand's words occur in any reference. */
  minusStrand(forward: Uint32Array, reverse: Uint32Array): boolean;
  /**
   * The `limit` references sharing the most of `words` (each at least one), words found in more than
   * `cap` references not counted.
   */
  rank(words: Uint32Array, limit: number, cap: number): CandidateRanking;
}

/** The query is searched reverse-complemented when more of those words occur in the references. */
export function onMinusStrand(presentForward: number, presentReverse: number): boolean {
  return presentReverse > presentForward;
}

/**
 * A query sharing few of its informative words with any reference (a distant relative of
 * everything indexed) is ranked again on all of its words, conserved ones included.
 */
export function needsAllWords(ranking: CandidateRanking): boolean {
  return ranking.best < Math.max(4, ranking.counted * 0.1);
}
