import { flag, mapRows, oneOf, readTable, requiredText, type ParseOptions } from './table';

export const ORGANISMS_FILE = 'Organisms.txt';

/**
 * One WHONET organism name. A code can carry several names (the current one with
 * TAXONOMIC_STATUS "C" and older synonyms with "O"); the grouping columns decide
 * which breakpoint rows apply to the organism.
 */
export interface OrganismRecord {
  line: number;
  /** WHONET organism code (eco, kpn, sau…); not unique across rows, see `taxonomicStatus`. */
  code: string;
  /** Code of the organism that replaces this one, when WHONET retired it. */
  replacedBy: string;
  /** Scientific name as WHONET writes it ("Klebsiella pneumoniae ss. pneumoniae"). */
  name: string;
  /** "C" current name, "O" old name (synonym). */
  taxonomicStatus: 'C' | 'O';
  common: boolean;
  commonCommensal: boolean;
  /** "+" Gram-positive, "-" Gram-negative, "a" anaerobe, "f" fungus, "m" mycobacterium… */
  organismType: string;
  anaerobe: boolean;
  morphology: string;
  /** "+" or "-" (Gram stain) for bacteria, '' otherwise. */
  subkingdomCode: string;
  /** "EBC" for Enterobacterales, '' otherwise. */
  familyCode: string;
  /** "NFR" for non-fermenting Gram-negative rods, '' otherwise. */
  genusGroup: string;
  genusCode: string;
  speciesGroup: string;
  serovarGroup: string;
  msfGroupClinical: string;
  sctCode: string;
  sctText: string;
  gbifTaxonId: string;
  gbifDatasetId: string;
  gbifTaxonomicStatus: string;
  kingdom: string;
  phylum: string;
  class: string;
  order: string;
  family: string;
  genus: string;
}

const COLUMNS = [
  'WHONET_ORG_CODE',
  'REPLACED_BY',
  'ORGANISM',
  'TAXONOMIC_STATUS',
  'COMMON',
  'COMMON_COMMENSAL',
  'ORGANISM_TYPE',
  'ANAEROBE',
  'MORPHOLOGY',
  'SUBKINGDOM_CODE',
  'FAMILY_CODE',
  'GENUS_GROUP',
  'GENUS_CODE',
  'SPECIES_GROUP',
  'SEROVAR_GROUP',
  'MSF_GRP_CLIN',
  'SCT_CODE',
  'SCT_TEXT',
  'GBIF_TAXON_ID',
  'GBIF_DATASET_ID',
  'GBIF_TAXONOMIC_STATUS',
  'KINGDOM',
  'PHYLUM',
  'CLASS',
  'ORDER',
  'FAMILY',
  'GENUS',
] as const;

export function parseOrganisms(text: string, options: ParseOptions = {}): OrganismRecord[] {
  const table = readTable(text, { file: ORGANISMS_FILE, delimiter: '\t', required: COLUMNS }, options);
  const c = (row: Parameters<typeof table.cell>[0], column: (typeof COLUMNS)[number]) => table.cell(row, column);
  return mapRows(table, options, (row) => ({
    line: row.line,
    code: requiredText(table, row, 'WHONET_ORG_CODE'),
    replacedBy: c(row, 'REPLACED_BY'),
    name: requiredText(table, row, 'ORGANISM'),
    taxonomicStatus: oneOf(table, row, 'TAXONOMIC_STATUS', ['C', 'O'] as const),
    common: flag(table, row, 'COMMON'),
    commonCommensal: flag(table, row, 'COMMON_COMMENSAL'),
    organismType: c(row, 'ORGANISM_TYPE'),
    anaerobe: flag(table, row, 'ANAEROBE'),
    morphology: c(row, 'MORPHOLOGY'),
    subkingdomCode: oneOf(table, row, 'SUBKINGDOM_CODE', ['', '+', '-'] as const),
    familyCode: c(row, 'FAMILY_CODE'),
    genusGroup: c(row, 'GENUS_GROUP'),
    genusCode: c(row, 'GENUS_CODE'),
    speciesGroup: c(row, 'SPECIES_GROUP'),
    serovarGroup: c(row, 'SEROVAR_GROUP'),
    msfGroupClinical: c(row, 'MSF_GRP_CLIN'),
    sctCode: c(row, 'SCT_CODE'),
    sctText: c(row, 'SCT_TEXT'),
    gbifTaxonId: c(row, 'GBIF_TAXON_ID'),
    gbifDatasetId: c(row, 'GBIF_DATASET_ID'),
    gbifTaxonomicStatus: c(row, 'GBIF_TAXONOMIC_STATUS'),
    kingdom: c(row, 'KINGDOM'),
    phylum: c(row, 'PHYLUM'),
    class: c(row, 'CLASS'),
    order: c(row, 'ORDER'),
    family: c(row, 'FAMILY'),
    genus: c(row, 'GENUS'),
  }));
}
