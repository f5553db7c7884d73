import type { Organism } from './organisms';

/**
 * The AMR package's EUCAST table tests organism properties by its own names
 * (genus, genus_species, fullname, order, gramstain). These are derived from
 * WHONET's organism record.
 */

/** Lancefield groups of species whose names do not say it (facts of streptococcal taxonomy). */
const LANCEFIELD_BY_SPECIES: Readonly<Record<string, string[]>> = {
  'Streptococcus pyogenes': ['A'],
  'Streptococcus agalactiae': ['B'],
  'Streptococcus dysgalactiae': ['C', 'G'],
  'Streptococcus equi': ['C'],
  'Streptococcus canis': ['G'],
};

/** Old and new spelling of the order: WHONET still writes Enterobacteriales. */
const ORDER_SPELLINGS: Readonly<Record<string, string>> = { Enterobacteriales: 'Enterobacterales' };

function genusSpecies(name: string): string | null {
  const match = /^([A-Z][a-z]+) ([a-z][a-z-]+)/.exec(name);
  return match ? `${match[1]} ${match[2]}` : null;
}

export type OrganismProperties = Readonly<Record<string, readonly string[]>>;

export function organismProperties(organism: Organism): OrganismProperties {
  const def = organism.definition;
  const genus = def.taxonomy.genus || (/^[A-Z][a-z]+/.exec(organism.name)?.[0] ?? '');
  const species = new Set<string>();
  const own = genusSpecies(organism.name);
  if (own) species.add(own);
  for (const group of LANCEFIELD_BY_SPECIES[own ?? ''] ?? []) species.add(`Streptococcus group ${group}`);
  const lancefield = /^Streptococcus\b.*\bGroup ([A-Z])\b/i.exec(organism.name);
  if (lancefield) species.add(`Streptococcus group ${lancefield[1]!.toUpperCase()}`);
  if (def.speciesGroup === 'SCN') species.add('Staphylococcus coagulase-negative');
  if (def.speciesGroup === 'SC+') species.add('Staphylococcus coagulase-positive');
  const order = def.taxonomy.order;
  return {
    genus: genus ? [genus] : [],
    genus_species: [...species],
    fullname: [organism.name, ...species],
    family: def.taxonomy.family ? [def.taxonomy.family] : [],
    order: order ? [order, ...(ORDER_SPELLINGS[order] ? [ORDER_SPELLINGS[order]!] : [])] : [],
    class: def.taxonomy.class ? [def.taxonomy.class] : [],
    phylum: def.taxonomy.phylum ? [def.taxonomy.phylum] : [],
    kingdom: def.taxonomy.kingdom ? [def.taxonomy.kingdom] : [],
    gramstain: def.subkingdom === '+' ? ['Gram-positive'] : def.subkingdom === '-' ? ['Gram-negative'] : [],
  };
}

const REGEX_SYNTAX = /[\^$()|[\]*+?\\]/;

/**
 * Does a property satisfy the rule's condition? "like" is a case-insensitive
 * regular expression; a few rows write a comma-separated list under "like"
 * (no regex syntax), which is read as "one of".
 */
export function propertyMatches(
  values: readonly string[],
  operator: 'is' | 'like' | 'one_of',
  expected: string,
): boolean {
  const wanted = expected.trim();
  if (operator === 'is') return values.some((v) => v.toLowerCase() === wanted.toLowerCase());
  if (operator === 'one_of' || (operator === 'like' && wanted.includes(',') && !REGEX_SYNTAX.test(wanted))) {
    const options = wanted.split(',').map((o) => o.trim().toLowerCase());
    return values.some((v) => options.includes(v.toLowerCase()));
  }
  let pattern: RegExp;
  try {
    pattern = new RegExp(wanted, 'i');
  } catch {
    return false;
  }
  return values.some((v) => pattern.test(v));
}
