export * from './types';
export { TaxonomyFormatError, type TaxonomyErrorLocation } from './errors';
export {
  MICROORGANISMS_FILE,
  MICROORGANISMS_GZ_FILE,
  MICROORGANISMS_COLUMNS,
  MICROORGANISMS_OPTIONAL_COLUMNS,
  TAXON_CODES_FILE,
  TAXON_CODES_COLUMNS,
  MicroorganismsParser,
  TaxonCodesParser,
  parseMicroorganisms,
  parseTaxonCodes,
} from './parse';
export { TaxonomyTable, type TaxonomyTableOptions } from './table';
export {
  AMR_3_DIR,
  TAXONOMY_2022_DIR,
  currentTaxonomyFiles,
  defaultTaxonomyDir,
  mergeRetired,
  readCurrentTaxonomy,
  readCurrentTaxonomySync,
  readMicroorganisms,
  readTaxonCodes,
  readTaxonomy,
  type CurrentTaxonomyOptions,
} from './read';
export {
  STATUS_CORRECTIONS_FILE,
  STATUS_CORRECTION_COLUMNS,
  applyStatusCorrections,
  parseStatusCorrections,
  projectStatusCorrectionsFile,
  readStatusCorrections,
  type StatusCorrection,
  type StatusCorrectionOutcome,
} from './corrections';
export { resolveAcceptedName, type AcceptedName } from './accepted';

import { parseMicroorganisms, parseTaxonCodes } from './parse';
import { TaxonomyTable } from './table';

/** Builds the table from the text of both files (no I/O). */
export function parseTaxonomy(microorganismsText: string, codesText = 'code\tmo\n'): TaxonomyTable {
  return new TaxonomyTable(parseMicroorganisms(microorganismsText), parseTaxonCodes(codesText));
}
export { acceptedSpecies, acceptedSpeciesResolver, withAcceptedNames, type AcceptedSpecies, type LabelledRecord } from './reference-names';
