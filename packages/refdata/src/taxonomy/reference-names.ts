import type { TaxonomyTable } from './table';
import type { Taxon } from './types';

/** The species a reference label names today, with the lineage of that name. */
export interface AcceptedSpecies {
  /** Accepted `Genus species` (a subspecies' species; a label the table does not know stays as it is). */
  species: string;
  /** Kingdom … genus of the accepted name, then the species, as reference headers list them. */
  lineage: string[];
  /** Microorganism code of the accepted species, when the table knows the label. */
  mo: string | null;
  /** The label as deposited. */
  deposited: string;
  /** Whether the deposited label is a former name (synonym) of `species`. */
  renamed: boolean;
}

const LINEAGE_RANKS = ['kingdom', 'phylum', 'class', 'order', 'family', 'genus'] as const;

/** `Genus species` of a label: drops "subsp. …", strain words and other trailing text. */
function binomialOf(label: string): string {
  const words = label.trim().replace(/^\[([A-Z][a-z]+)\]/, '$1').split(/\s+/);
  return words.slice(0, 2).join(' ');
}

function speciesTaxon(taxonomy: TaxonomyTable, taxon: Taxon): Taxon {
  if (taxon.rank !== 'subspecies') return taxon;
  const { genus, species } = taxon.lineage;
  const parent = genus && species ? taxonomy.allByName(`${genus} ${species}`).find((t) => t.rank === 'species') : undefined;
  return parent ? (taxonomy.currentName(parent).current ?? parent) : taxon;
}

/**
 * The accepted species a reference label names, through the taxonomy's renamed-to chain (LPSN
 * first): "Propionibacterium acnes" → Cutibacterium acnes, "Enterobacter aerogenes" → Klebsiella
 * aerogenes. The lineage is the accepted name's, so that a renamed species also moves genus and
 * family. A label the table does not know, or whose chain breaks, keeps its own name and the
 * lineage it came with (`fallbackLineage`): never a guess.
 */
export function acceptedSpecies(taxonomy: TaxonomyTable, label: string, fallbackLineage: readonly string[] = []): AcceptedSpecies {
  const deposited = label.trim();
  const unresolved: AcceptedSpecies = { species: deposited, lineage: [...fallbackLineage], mo: null, deposited, renamed: false };
  if (!deposited) return unresolved;
  const known = taxonomy.allByName(deposited).find((t) => t.rank === 'species' || t.rank === 'subspecies') ?? taxonomy.allByName(binomialOf(deposited)).find((t) => t.rank === 'species');
  if (!known) return unresolved;
  const current = taxonomy.currentName(known).current;
  if (!current) return unresolved;
  const accepted = speciesTaxon(taxonomy, current);
  const { genus, species } = accepted.lineage;
  if (!genus || !species) return unresolved;
  const name = `${genus} ${species}`;
  const lineage = LINEAGE_RANKS.map((rank) => accepted.lineage[rank] ?? '');
  return { species: name, lineage: [...lineage, name], mo: accepted.mo, deposited, renamed: name !== binomialOf(deposited) };
}

/** A labelled reference record: a species label and the lineage that came with it (Kingdom … Genus, then `Genus species`). */
export interface LabelledRecord {
  species?: string;
  lineage?: string[];
}

/**
 * The records under the accepted names of their species (species and lineage replaced, each
 * label resolved once), `depositedSpecies` keeping the label where it differs. Records without a
 * label, or with one the taxonomy does not know, are returned as they are.
 */
export function withAcceptedNames<T extends LabelledRecord>(records: readonly T[], taxonomy: TaxonomyTable): (T & { depositedSpecies?: string })[] {
  const resolve = acceptedSpeciesResolver(taxonomy);
  return records.map((record) => {
    if (!record.species) return record;
    const accepted = resolve(record.species, (record.lineage ?? []).slice(0, 6));
    if (!accepted.mo) return record;
    return { ...record, species: accepted.species, lineage: accepted.lineage, ...(accepted.deposited !== accepted.species ? { depositedSpecies: accepted.deposited } : {}) };
  });
}

/**
 * One resolver for a whole reference set: each distinct label is resolved once (a set repeats
 * each species up to ten times).
 */
export function acceptedSpeciesResolver(taxonomy: TaxonomyTable): (label: string, fallbackLineage?: readonly string[]) => AcceptedSpecies {
  const cache = new Map<string, AcceptedSpecies>();
  return (label, fallbackLineage = []) => {
    const key = `${label}\u0000${fallbackLineage.join(';')}`;
    let answer = cache.get(key);
    if (!answer) {
      answer = acceptedSpecies(taxonomy, label, fallbackLineage);
      cache.set(key, answer);
    }
    return answer;
  };
}
