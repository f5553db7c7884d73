import { serovarName } from './organism-aliases';
import { allowedEdits, FuzzyIndex, similarity } from './fuzzy';
import { ORGANISM_GROUP_LABELS } from './labels';
import type { Localized, OrganismDefinition, OrganismLevel, OrganismMatch } from './types';

/** One WHONET organism code with all its names. */
export interface Organism {
  code: string;
  /** Current scientific name. */
  name: string;
  /** Every name of the code, current first. */
  names: string[];
  definition: OrganismDefinition;
  /** The organism's key at each level of the breakpoint hierarchy, most specific first. */
  levels: ReadonlyArray<readonly [OrganismLevel, string]>;
  /** The same as index keys ("FAMILY_CODE:EBC"). */
  levelKeys: readonly string[];
  /** The keys above the organism's own code, joined: organisms of one group share it. */
  groupKey: string;
}

function isBacterium(def: OrganismDefinition): boolean {
  return def.taxonomy.kingdom === 'Bacteria' || def.subkingdom !== '' || def.anaerobe;
}

/** Phyla whose members stain Gram-positive (old and current names); Negativicutes stain negative. */
const GRAM_POSITIVE_PHYLA = new Set(['Firmicutes', 'Bacillota', 'Actinobacteria', 'Actinomycetota', 'Tenericutes', 'Mycoplasmatota', 'Chloroflexi', 'Chloroflexota']);

/**
 * The Gram stain of an anaerobe whose WHONET row leaves it blank (53 rows, among them Clostridioides
 * difficile and Cutibacterium acnes), from its phylum: without it the EUCAST "Gram-positive
 * anaerobes" / "Gram-negative anaerobes" rows never reach the organism.
 */
export function anaerobeGramStain(def: OrganismDefinition): '' | '+' | '-' {
  if (def.subkingdom || !def.anaerobe || def.taxonomy.kingdom !== 'Bacteria' || !def.taxonomy.phylum) return def.subkingdom;
  if (def.taxonomy.class === 'Negativicutes' || def.taxonomy.order === 'Selenomonadales' || def.taxonomy.order === 'Veillonellales') return '-';
  return GRAM_POSITIVE_PHYLA.has(def.taxonomy.phylum) ? '+' : '-';
}

/** Keys the organism has at each level, most specific first ([level, code] pairs). */
export function organismLevels(def: OrganismDefinition): Array<readonly [OrganismLevel, string]> {
  const levels: Array<readonly [OrganismLevel, string]> = [['WHONET_ORG_CODE', def.code]];
  if (def.speciesGroup) levels.push(['SPECIES_GROUP', def.speciesGroup]);
  if (def.serovarGroup) levels.push(['SEROVAR_GROUP', def.serovarGroup]);
  if (def.genusCode) levels.push(['GENUS_CODE', def.genusCode]);
  if (def.genusGroup) levels.push(['GENUS_GROUP', def.genusGroup]);
  if (def.familyCode) levels.push(['FAMILY_CODE', def.familyCode]);
  const anaerobeStain = anaerobeGramStain(def);
  if (def.anaerobe && anaerobeStain) levels.push(['ANAEROBE+SUBKINGDOM_CODE', `AN${anaerobeStain}`]);
  if (def.anaerobe) levels.push(['ANAEROBE', 'ANA']);
  if (def.subkingdom) levels.push(['SUBKINGDOM_CODE', def.subkingdom]);
  // "ALL" rows are EUCAST's PK/PD (non-species-related) antibacterial breakpoints:
  // they stand in for bacteria without their own rows, never for fungi or parasites.
  if (isBacterium(def)) levels.push(['ALL', 'ALL']);
  return levels;
}

export function levelCode(organism: Organism, level: OrganismLevel): string | null {
  for (const [l, code] of organism.levels) if (l === level) return code;
  return null;
}

/** Lower case, NFKC, single spaces, no trailing full stop: how names are compared case-insensitively. */
export function normalizeName(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
}

/** "Escherichia coli" → "e. coli"; only plain binomials ("Escherichia coli O157" is not one). */
function abbreviation(name: string): string | null {
  const match = /^([A-Z])[a-z]+ ([a-z][a-z-]+)$/.exec(name.trim());
  if (!match) return null;
  return `${match[1]!.toLowerCase()}. ${match[2]}`;
}

interface NameEntry {
  organism: Organism;
  name: string;
  kind: 'name' | 'names-map' | 'alias';
  current: boolean;
}

const AMBIGUOUS = Symbol('ambiguous');
const CACHE_LIMIT = 50_000;

export class OrganismIndex {
  private readonly byCode = new Map<string, Organism>();
  private readonly byCodeLower = new Map<string, Organism>();
  private readonly byExactName = new Map<string, NameEntry>();
  private readonly byNormalizedName = new Map<string, NameEntry>();
  private readonly byAbbreviation = new Map<string, Organism | typeof AMBIGUOUS>();
  private readonly fuzzyPool: Array<{ key: string; entry: NameEntry }> = [];
  private fuzzyIndex: FuzzyIndex | undefined;
  private readonly localName = new Map<string, string>();
  private readonly cache = new Map<string, { match: OrganismMatch; organism: Organism } | null>();
  private readonly groupLabelCache = new Map<string, Localized>();
  private readonly labels = new Map<string, Localized>();
  readonly warnings: string[] = [];

  constructor(
    definitions: readonly OrganismDefinition[],
    localNames: Readonly<Record<string, string>> = {},
    private readonly groupLabels: Readonly<Record<string, string>> = {},
    aliases: readonly { name: string; code: string }[] = [],
  ) {
    const grouped = new Map<string, OrganismDefinition[]>();
    for (const def of definitions) {
      const list = grouped.get(def.code);
      if (list) list.push(def);
      else grouped.set(def.code, [def]);
    }
    for (const [code, defs] of grouped) {
      const current = defs.find((d) => d.status === 'current') ?? defs[0]!;
      const names = [current.name, ...defs.filter((d) => d !== current).map((d) => d.name)];
      const levels = organismLevels(current);
      const levelKeys = levels.map(([level, key]) => `${level}:${key}`);
      const groupKey = levelKeys.slice(1).join('|');
      const organism: Organism = { code, name: current.name, names, definition: current, levels, levelKeys, groupKey };
      this.byCode.set(code, organism);
      this.byCodeLower.set(code.toLowerCase(), organism);
      for (const def of [current, ...defs.filter((d) => d !== current)]) {
        this.addName({ organism, name: def.name, kind: 'name', current: def.status === 'current' });
      }
    }
    this.addAbbreviations();
    for (const [local, code] of Object.entries(localNames)) {
      const organism = this.byCode.get(code) ?? this.byCodeLower.get(code.toLowerCase());
      if (!organism) {
        this.warnings.push(`organism name "${local}" maps to unknown WHONET code "${code}"`);
        continue;
      }
      if (!this.localName.has(organism.code)) this.localName.set(organism.code, local);
      this.addName({ organism, name: local, kind: 'names-map', current: true });
    }
    // Taxonomy names WHONET lacks: exact and case-insensitive only (never fuzzy targets), and
    // never in place of a WHONET name.
    for (const alias of aliases) {
      const organism = this.byCode.get(alias.code);
      if (!organism) continue;
      const entry: NameEntry = { organism, name: alias.name, kind: 'alias', current: false };
      if (!this.byExactName.has(alias.name)) this.byExactName.set(alias.name, entry);
      const key = normalizeName(alias.name);
      if (!this.byNormalizedName.has(key)) this.byNormalizedName.set(key, entry);
    }
  }

  private addName(entry: NameEntry): void {
    if (!this.byExactName.has(entry.name)) this.byExactName.set(entry.name, entry);
    const key = normalizeName(entry.name);
    const existing = this.byNormalizedName.get(key);
    if (!existing || (!existing.current && entry.current)) this.byNormalizedName.set(key, entry);
    this.fuzzyPool.push({ key, entry });
  }

  /** "E. coli" → Escherichia coli; an abbreviation shared by several species only counts for a common one. */
  private addAbbreviations(): void {
    const candidates = new Map<string, Organism[]>();
    for (const organism of this.byCode.values()) {
      for (const name of organism.names) {
        const key = abbreviation(name);
        if (!key) continue;
        const list = candidates.get(key) ?? [];
        if (!list.includes(organism)) list.push(organism);
        candidates.set(key, list);
      }
    }
    for (const [key, organisms] of candidates) {
      const common = organisms.filter((o) => o.definition.common);
      const chosen = organisms.length === 1 ? organisms[0] : common.length === 1 ? common[0] : undefined;
      this.byAbbreviation.set(key, chosen ?? AMBIGUOUS);
    }
  }

  get size(): number {
    return this.byCode.size;
  }

  all(): IterableIterator<Organism> {
    return this.byCode.values();
  }

  get(code: string): Organism | undefined {
    return this.byCode.get(code) ?? this.byCodeLower.get(code.toLowerCase());
  }

  /** The caller's local (Chinese) name of a code, when the names map has one. */
  localNameOf(code: string): string | undefined {
    return this.localName.get(code);
  }

  find(text: string): OrganismMatch | null {
    return this.resolve(text)?.match ?? null;
  }

  /** The match and the organism it names, from one cache entry. */
  resolve(text: string): { match: OrganismMatch; organism: Organism } | null {
    const cached = this.cache.get(text);
    if (cached !== undefined) return cached;
    const match = this.lookup(text);
    const organism = match && this.byCode.get(match.code);
    const found = match && organism ? { match, organism } : null;
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(text, found);
    return found;
  }

  private lookup(input: string): OrganismMatch | null {
    const text = input.trim();
    if (text === '') return null;
    const result = (organism: Organism, kind: OrganismMatch['kind'], matched: string, sim = 1): OrganismMatch => ({
      input,
      kind,
      matched,
      code: organism.code,
      name: organism.name,
      similarity: sim,
    });
    const byCode = this.byCode.get(text);
    if (byCode) return result(byCode, 'code', byCode.code);
    const exact = this.byExactName.get(text);
    if (exact) return result(exact.organism, exact.kind === 'names-map' ? 'names-map' : exact.kind === 'alias' ? 'alias' : 'exact', exact.name);
    const byCodeLower = this.byCodeLower.get(text.toLowerCase());
    if (byCodeLower) return result(byCodeLower, 'code', byCodeLower.code);
    const key = normalizeName(text);
    const normalized = this.byNormalizedName.get(key);
    if (normalized) {
      return result(normalized.organism, normalized.kind === 'names-map' ? 'names-map' : normalized.kind === 'alias' ? 'alias' : 'case-insensitive', normalized.name);
    }
    const serovar = serovarName(text);
    if (serovar) {
      const named = this.byNormalizedName.get(normalizeName(serovar));
      if (named) return result(named.organism, 'alias', named.name);
    }
    const abbreviated = this.byAbbreviation.get(key.replace(/^([a-z])\.\s*/, '$1. '));
    if (abbreviated && abbreviated !== AMBIGUOUS) return result(abbreviated, 'abbreviation', abbreviated.name);
    return this.fuzzy(input, key);
  }

  private fuzzy(input: string, key: string): OrganismMatch | null {
    const limit = allowedEdits(key);
    if (limit === 0) return null;
    this.fuzzyIndex ??= new FuzzyIndex(this.fuzzyPool.map((c) => c.key));
    let best: { entry: NameEntry; key: string; distance: number } | null = null;
    for (const hit of this.fuzzyIndex.search(key, limit)) {
      const candidate = this.fuzzyPool[hit.index]!;
      if (best && hit.distance > best.distance) break;
      if (!best || prefer(candidate.entry, best.entry)) best = { entry: candidate.entry, key: candidate.key, distance: hit.distance };
    }
    if (!best) return null;
    return {
      input,
      kind: 'fuzzy',
      matched: best.entry.name,
      code: best.entry.organism.code,
      name: best.entry.organism.name,
      similarity: similarity(key, best.key, best.distance),
    };
  }

  /** Name of the organism group a breakpoint row was matched at, in both languages. */
  groupLabel(level: OrganismLevel, code: string): Localized {
    const key = `${level}:${code}`;
    let label = this.groupLabelCache.get(key);
    if (!label) {
      label = this.computeGroupLabel(level, code);
      this.groupLabelCache.set(key, label);
    }
    return label;
  }

  private computeGroupLabel(level: OrganismLevel, code: string): Localized {
    if (level === 'WHONET_ORG_CODE') {
      const organism = this.get(code);
      const en = organism?.name ?? code;
      return { en, zh: (organism && this.localName.get(organism.code)) ?? en };
    }
    const builtIn = ORGANISM_GROUP_LABELS[code];
    const own = this.byCode.get(code.toLowerCase());
    const en = builtIn?.en ?? own?.name ?? code;
    const zh = this.groupLabels[code] ?? builtIn?.zh ?? (own && this.localName.get(own.code)) ?? en;
    return { en, zh };
  }

  /** Display name of an organism in both languages. */
  label(organism: Organism): Localized {
    let label = this.labels.get(organism.code);
    if (!label) {
      label = { en: organism.name, zh: this.localName.get(organism.code) ?? organism.name };
      this.labels.set(organism.code, label);
    }
    return label;
  }
}

function prefer(a: NameEntry, b: NameEntry): boolean {
  if (a.current !== b.current) return a.current;
  if (a.organism.definition.common !== b.organism.definition.common) return a.organism.definition.common;
  return a.name.length < b.name.length;
}
