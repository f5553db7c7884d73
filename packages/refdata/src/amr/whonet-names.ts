import type { TaxonomyTable } from '../taxonomy/table';
import type { Taxon } from '../taxonomy/types';

/**
 * The taxonomy spelling of a WHONET organism name: WHONET writes subspecies with "ss.", genera
 * as "Klebsiella sp." and adds remarks in parentheses ("Klebsiella planticola (trevisanii)").
 */
export function whonetNameToTaxonName(name: string): string {
  return name
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+(?:ss|subsp)\.\s+/g, ' ')
    .replace(/\s+spp?\.?$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The taxon a WHONET organism name stands for, when the taxonomy knows the name. */
export function taxonForWhonetName(taxonomy: TaxonomyTable, name: string): Taxon | undefined {
  return taxonomy.byName(name) ?? taxonomy.byName(whonetNameToTaxonName(name));
}
