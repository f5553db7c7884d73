import { editBudget, prefixDistance } from './fuzzy';
import { hasHan, normalizeKey, wordStarts } from './normalize';

export type EntityType = 'taxon' | 'antibiotic' | 'gene';

/**
 * What a keyword matched: the entity's own name, a synonym record, a Chinese name, a code, a
 * curated short name or abbreviation (MRSA, pip/tazo, 泰能), a drug-class name (carbapenems)…
 */
export type MatchVia = 'name' | 'zh' | 'zh-alias' | 'alias' | 'code' | 'whonet-code' | 'taxon-code' | 'short' | 'class' | 'gene';

/** exact > prefix > word (a later word starts with the keyword, or Chinese text contains it) > fuzzy. */
export type MatchKind = 'exact' | 'prefix' | 'word' | 'fuzzy';

export interface SearchEntity {
  type: EntityType;
  /** Taxon `mo`, drug code or resistance-gene allele name: what the entity page is addressed by. */
  id: string;
  nameEn: string;
  nameZh: string | null;
  /** Lower is more common in the clinic (the taxonomy's 1 … 2 scale; drugs are placed on it too). */
  prevalence: number;
  /** Taxa: accepted or synonym, and rank; drugs: undefined. */
  status?: string;
  rank?: string;
  /** WHONET marks it common, or the project curated a Chinese name for it: a tie-break after prevalence. */
  common?: boolean;
  /**
   * WHONET flags the organism as commonly isolated (its COMMON column): what clinics ask for most,
   * where the taxonomy's prevalence is one value for a whole genus (every Klebsiella is 1).
   */
  whonetCommon?: boolean;
  /**
   * Clinical breakpoint rows the guidelines write for this organism itself (not through its genus
   * or family): S. pneumoniae and S. aureus have hundreds, most species none. Orders organisms of
   * one prevalence after WHONET's flag.
   */
  ownBreakpoints?: number;
  /** The WHONET code (organism or drug) when the entity has one. */
  code?: string;
  /** Synonyms: the accepted name they resolve to. */
  currentId?: string;
  currentName?: string;
}

export interface SearchTerm {
  text: string;
  via: MatchVia;
}

export interface SearchHit {
  entity: SearchEntity;
  /** The text that matched (a name, an alias, a code). */
  matched: string;
  via: MatchVia;
  match: MatchKind;
  /** Typing mistakes forgiven (fuzzy hits only, else 0). */
  distance: number;
}

export interface SearchOptions {
  limit?: number;
  types?: readonly EntityType[];
}

// On a tie, a name beats a code that happens to spell the same letters; an abbreviation the clinic uses
// (CRE, MRSA: curated) means what it stands for, not the laboratory code that spells it (cre: Campylobacter rectus).
// Resistance genes come after every organism and drug the same letters start: "amp", "tet", "van"
// are typed for the drug or the organism far more often than for ampC, tet(A) or vanA.
const VIA_ORDER: Record<MatchVia, number> = { name: 0, zh: 0, 'zh-alias': 1, alias: 2, code: 1, 'whonet-code': 1, 'taxon-code': 2, short: 0, class: 3, gene: 4 };
// Species are what people look up most; a genus next, then the finer and coarser ranks.
const RANK_ORDER: Record<string, number> = { species: 0, genus: 1, subspecies: 2, family: 3, order: 4, class: 5, phylum: 6, kingdom: 7 };

const ABBREVIATION_VIA: ReadonlySet<MatchVia> = new Set(['short', 'code', 'whonet-code', 'taxon-code']);
const TYPE_BIT: Record<EntityType, number> = { taxon: 1, antibiotic: 2, gene: 4 };
const FUZZY_CANDIDATES = 300;
/** Most entries one word-by-word look-up reads: a bound on the cost of short, common words. */
const WORDS_SCAN_LIMIT = 20_000;
/**
 * Answers remembered, most recently asked kept: the index never changes once built, and
 * autocomplete traffic is mostly the same few thousand keystroke states ("e", "es", "esc"…).
 */
const CACHE_SIZE = 5000;

/**
 * The best `size` hits seen so far, one per entity, kept sorted by score (lower is better).
 * Most offers lose to the current worst in one comparison, which keeps long scans cheap.
 */
class TopHits {
  readonly entities: number[] = [];
  readonly scores: number[] = [];
  readonly terms: number[] = [];
  readonly kinds: MatchKind[] = [];
  readonly distances: number[] = [];

  constructor(private readonly size: number) {}

  offer(entity: number, score: number, term: number, kind: MatchKind, distance: number): void {
    const n = this.entities.length;
    if (n === this.size && score >= this.scores[n - 1]!) return;
    const existing = this.entities.indexOf(entity);
    if (existing >= 0) {
      if (this.scores[existing]! <= score) return;
      this.remove(existing);
    }
    let at = this.entities.length;
    while (at > 0 && this.scores[at - 1]! > score) at--;
    this.entities.splice(at, 0, entity);
    this.scores.splice(at, 0, score);
    this.terms.splice(at, 0, term);
    this.kinds.splice(at, 0, kind);
    this.distances.splice(at, 0, distance);
    if (this.entities.length > this.size) this.remove(this.size);
  }

  private remove(at: number): void {
    this.entities.splice(at, 1);
    this.scores.splice(at, 1);
    this.terms.splice(at, 1);
    this.kinds.splice(at, 1);
    this.distances.splice(at, 1);
  }
}

/**
 * In-memory name index for autocomplete and the search page: tens of thousands of names, their
 * word starts (and every position of Chinese names) in one sorted array for prefix look-up by
 * binary search, and a trigram index for typing mistakes. Every entry carries a precomputed
 * rank (prefix before word, name before code, then clinical prevalence…), so a query only
 * scans its range and keeps the best few. Built once from the database, then read-only; a
 * rebuilt index replaces it whole.
 */
export class SearchIndex {
  readonly entities: SearchEntity[] = [];
  private readonly termKey: string[] = [];
  private readonly termText: string[] = [];
  private readonly termVia: MatchVia[] = [];
  private readonly termEntityList: number[] = [];
  private termEntity = new Int32Array(0);
  private entityType = new Uint8Array(0);
  private keys: string[] = [];
  private keyTerm = new Int32Array(0);
  private keyStart = new Int32Array(0);
  private keyRank = new Int32Array(0);
  private termRank = new Int32Array(0);
  private grams = new Map<string, Int32Array>();
  private seen = new Int32Array(0);
  private epoch = 0;
  private gramCounts = new Uint16Array(0);
  private built = false;
  private readonly cache = new Map<string, SearchResult>();

  addEntity(entity: SearchEntity, terms: readonly SearchTerm[]): void {
    if (this.built) throw new Error('the index is built: make a new one');
    const at = this.entities.push(entity) - 1;
    const seen = new Set<string>();
    for (const term of terms) {
      const key = normalizeKey(term.text);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      this.termKey.push(key);
      this.termText.push(term.text);
      this.termVia.push(term.via);
      this.termEntityList.push(at);
    }
  }

  /** Number of names (terms) indexed. */
  get size(): number {
    return this.termKey.length;
  }

  build(): this {
    if (this.built) return this;
    const termCount = this.termKey.length;
    this.termEntity = Int32Array.from(this.termEntityList);
    this.entityType = Uint8Array.from(this.entities, (e) => TYPE_BIT[e.type]);
    const entryKey: string[] = [];
    const entryTerm: number[] = [];
    const entryStart: number[] = [];
    const gramLists = new Map<string, number[]>();
    for (let t = 0; t < termCount; t++) {
      const key = this.termKey[t]!;
      entryKey.push(key);
      entryTerm.push(t);
      entryStart.push(0);
      const han = hasHan(key);
      // Chinese names have no spaces: any position may start what a person remembers of them.
      const starts = han ? Array.from({ length: key.length - 1 }, (_, i) => i + 1) : wordStarts(key);
      for (const start of starts) {
        entryKey.push(key.slice(start));
        entryTerm.push(t);
        entryStart.push(start);
      }
      const via = this.termVia[t]!;
      if (!han && key.length >= 4 && (via === 'name' || via === 'alias' || via === 'short' || via === 'class')) {
        for (const gram of new Set(trigrams(key))) {
          let list = gramLists.get(gram);
          if (!list) gramLists.set(gram, (list = []));
          list.push(t);
        }
      }
    }
    const count = entryKey.length;

    // Static rank of every entry: what decides between two hits of the same kind.
    const byMerit = Array.from({ length: count }, (_, i) => i);
    byMerit.sort((a, b) => this.compareMerit(entryTerm[a]!, entryStart[a]!, entryTerm[b]!, entryStart[b]!));
    const rank = new Int32Array(count);
    byMerit.forEach((entry, position) => (rank[entry] = position));
    this.termRank = new Int32Array(termCount);
    for (let i = 0; i < count; i++) if (entryStart[i] === 0) this.termRank[entryTerm[i]!] = rank[i]!;

    const byKey = Array.from({ length: count }, (_, i) => i);
    byKey.sort((a, b) => {
      const ka = entryKey[a]!;
      const kb = entryKey[b]!;
      return ka < kb ? -1 : ka > kb ? 1 : rank[a]! - rank[b]!;
    });
    this.keys = byKey.map((i) => entryKey[i]!);
    this.keyTerm = Int32Array.from(byKey, (i) => entryTerm[i]!);
    this.keyStart = Int32Array.from(byKey, (i) => entryStart[i]!);
    this.keyRank = Int32Array.from(byKey, (i) => rank[i]!);
    this.grams = new Map([...gramLists].map(([gram, list]) => [gram, Int32Array.from(list)]));
    this.seen = new Int32Array(this.entities.length);
    this.gramCounts = new Uint16Array(termCount);
    this.built = true;
    return this;
  }

  private compareMerit(ta: number, sa: number, tb: number, sb: number): number {
    const ea = this.entities[this.termEntity[ta]!]!;
    const eb = this.entities[this.termEntity[tb]!]!;
    const textA = this.termText[ta]!;
    const textB = this.termText[tb]!;
    return (
      Number(sa > 0) - Number(sb > 0) ||
      VIA_ORDER[this.termVia[ta]!] - VIA_ORDER[this.termVia[tb]!] ||
      ea.prevalence - eb.prevalence ||
      statusOrder(ea) - statusOrder(eb) ||
      Number(!ea.whonetCommon) - Number(!eb.whonetCommon) ||
      (eb.ownBreakpoints ?? 0) - (ea.ownBreakpoints ?? 0) ||
      Number(!ea.common) - Number(!eb.common) ||
      (RANK_ORDER[ea.rank ?? ''] ?? 8) - (RANK_ORDER[eb.rank ?? ''] ?? 8) ||
      textA.length - textB.length ||
      (ea.nameEn < eb.nameEn ? -1 : ea.nameEn > eb.nameEn ? 1 : 0)
    );
  }

  /**
   * Ranked hits, one per entity: exact > prefix > word > fuzzy, then clinical prevalence.
   * `total` (and `totals` per type) counts the entities matched without typing mistakes; fuzzy
   * hits are only looked for when there are fewer of those than `limit`.
   */
  search(keyword: string, options: SearchOptions = {}): SearchResult {
    this.build();
    const limit = Math.max(1, options.limit ?? 10);
    const totals: Record<EntityType, number> = { taxon: 0, antibiotic: 0, gene: 0 };
    const query = normalizeKey(keyword);
    if (!query) return { total: 0, totals, hits: [] };
    let mask = 0;
    for (const type of options.types ?? (['taxon', 'antibiotic', 'gene'] as const)) mask |= TYPE_BIT[type];

    const cacheKey = `${mask}\u0000${limit}\u0000${query}`;
    const cached = this.cache.get(cacheKey);
    if (cached) {
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, cached);
      return cached;
    }
    const [from, to] = this.range(query);
    const epoch = this.nextEpoch();
    const top = new TopHits(limit);
    const offset = this.keys.length;
    let total = 0;
    for (let i = from; i < to; i++) {
      const term = this.keyTerm[i]!;
      const entity = this.termEntity[term]!;
      if ((this.entityType[entity]! & mask) === 0) continue;
      if (this.seen[entity] !== epoch) {
        this.seen[entity] = epoch;
        total++;
        totals[this.entities[entity]!.type]++;
      }
      const start = this.keyStart[i]!;
      const exact = start === 0 && this.keys[i]!.length === query.length;
      top.offer(entity, exact ? this.keyRank[i]! - offset : this.keyRank[i]! + this.geneShift(entity, offset), term, exact ? 'exact' : start === 0 ? 'prefix' : 'word', 0);
    }
    const tokens = query.split(' ');
    if (tokens.length > 1 && !hasHan(query)) {
      for (const entity of this.words(tokens, mask, top)) {
        if (this.seen[entity] === epoch) continue;
        this.seen[entity] = epoch;
        total++;
        totals[this.entities[entity]!.type]++;
      }
    }
    // A keyword that is exactly an abbreviation or a code (MRSA, VRE, MEM) was typed as meant:
    // names one typing mistake away from it (Mrazekia for MRSA) are no answer to it.
    const abbreviation = top.entities.some((_, k) => top.kinds[k] === 'exact' && ABBREVIATION_VIA.has(this.termVia[top.terms[k]!]!));
    // Gene alleles sharing a prefix (blaOXA-1…-999) do not stand in for the organisms and drugs a typing mistake would find.
    if (total - totals.gene < limit && !abbreviation) this.fuzzy(query, mask, top, offset);

    const hits: SearchHit[] = top.entities.map((entity, k) => {
      const term = top.terms[k]!;
      return {
        entity: this.entities[entity]!,
        matched: this.termText[term]!,
        via: this.termVia[term]!,
        match: top.kinds[k]!,
        distance: top.distances[k]!,
      };
    });
    const result = { total, totals, hits };
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(cacheKey, result);
    return result;
  }

  /**
   * Word by word: each typed word starts a word of the name, in order ("E. coli", "E.coli",
   * "K pneumo", "Staph aureus" → Staphylococcus aureus; "pip/tazo", "amox clav" →
   * piperacillin/tazobactam, amoxicillin/clavulanic acid). The longest typed word picks the
   * entries to read (its own prefix range); the others are checked against the neighbouring
   * words. Hits rank as prefix (from the first word of the name) or word matches. Returns the
   * entities offered (the caller counts those the literal look-up has not).
   */
  private words(tokens: readonly string[], mask: number, top: TopHits): Set<number> {
    const offered = new Set<number>();
    let anchor = 0;
    for (let t = 1; t < tokens.length; t++) if (tokens[t]!.length > tokens[anchor]!.length) anchor = t;
    // Single letters alone ("e c") would read every word of the index.
    if (tokens[anchor]!.length < 2) return offered;
    const [from, to] = this.range(tokens[anchor]!);
    const end = Math.min(to, from + WORDS_SCAN_LIMIT);
    for (let i = from; i < end; i++) {
      const term = this.keyTerm[i]!;
      const entity = this.termEntity[term]!;
      if ((this.entityType[entity]! & mask) === 0) continue;
      const key = this.termKey[term]!;
      const first = wordsMatch(key, this.keyStart[i]!, tokens, anchor);
      if (first < 0) continue;
      offered.add(entity);
      top.offer(entity, (first === 0 ? this.termRank[term]! : this.keyRank[i]!) + this.geneShift(entity, this.keys.length), term, first === 0 ? 'prefix' : 'word', 0);
    }
    return offered;
  }

  /**
   * A resistance gene that is not exactly the keyword comes after every organism and drug hit,
   * typing corrections included: a prefix shared by hundreds of alleles (blaOXA-1…) must not push
   * out what autocomplete offered before genes were indexed.
   */
  private geneShift(entity: number, offset: number): number {
    return this.entityType[entity] === TYPE_BIT.gene ? 8 * offset : 0;
  }

  /** Drops the remembered answers (benchmarks measure the look-up itself this way). */
  forgetAnswers(): void {
    this.cache.clear();
  }

  private nextEpoch(): number {
    if (this.epoch >= 0x7ffffff0) {
      this.seen.fill(0);
      this.epoch = 0;
    }
    return ++this.epoch;
  }

  /** Sorted-array range of keys starting with `prefix`. */
  private range(prefix: string): [number, number] {
    const keys = this.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const from = lo;
    hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]!.startsWith(prefix)) lo = mid + 1;
      else hi = mid;
    }
    return [from, lo];
  }

  private fuzzy(query: string, mask: number, top: TopHits, offset: number): void {
    if (hasHan(query)) return;
    const budget = editBudget(query.length);
    if (budget === 0) return;
    const grams = [...new Set(trigrams(query))];
    // Each typing mistake spoils at most three trigrams of the keyword.
    const needed = Math.max(1, grams.length - 3 * budget);
    const counts = this.gramCounts;
    const touched: number[] = [];
    for (const gram of grams) {
      const list = this.grams.get(gram);
      if (!list) continue;
      for (let i = 0; i < list.length; i++) {
        const t = list[i]!;
        if (counts[t] === 0) touched.push(t);
        counts[t] = counts[t]! + 1;
      }
    }
    let candidates: number[] = [];
    for (const t of touched) {
      if (counts[t]! >= needed && (this.entityType[this.termEntity[t]!]! & mask) !== 0) candidates.push(t);
    }
    // Names sharing the most trigrams are the likeliest targets; the alignment is only worth
    // computing for a few hundred of them.
    if (candidates.length > FUZZY_CANDIDATES) {
      candidates = candidates.sort((a, b) => counts[b]! - counts[a]!).slice(0, FUZZY_CANDIDATES);
    }
    for (const t of touched) counts[t] = 0;
    const base = 2 * offset;
    for (const t of candidates) {
      const distance = prefixDistance(query, this.termKey[t]!, budget);
      if (distance <= budget) top.offer(this.termEntity[t]!, base + distance * offset + this.termRank[t]! + this.geneShift(this.termEntity[t]!, offset), t, 'fuzzy', distance);
    }
  }
}

export interface SearchResult {
  total: number;
  totals: Record<EntityType, number>;
  hits: SearchHit[];
}

/**
 * Whether the typed words start consecutive words of `key`, the anchor word at `start`: the
 * position where the first typed word matched, or -1.
 */
function wordsMatch(key: string, start: number, tokens: readonly string[], anchor: number): number {
  let at = start;
  for (let t = anchor - 1; t >= 0; t--) {
    if (at < 2) return -1;
    const previous = key.lastIndexOf(' ', at - 2) + 1;
    if (!key.startsWith(tokens[t]!, previous)) return -1;
    at = previous;
  }
  const first = at;
  at = start;
  for (let t = anchor + 1; t < tokens.length; t++) {
    const next = key.indexOf(' ', at) + 1;
    if (next === 0 || !key.startsWith(tokens[t]!, next)) return -1;
    at = next;
  }
  return first;
}

/** Trigrams of a key with a start marker, so that the first letters weigh as much as the rest. */
function trigrams(key: string): string[] {
  const padded = '\u0002' + key;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

function statusOrder(entity: SearchEntity): number {
  return entity.status === undefined || entity.status === 'accepted' ? 0 : 1;
}
