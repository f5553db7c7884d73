import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ParseOptions } from '../whonet/table';
import { EUCAST_RULES_FILE, parseEucastRules, type EucastRuleRecord } from './eucast-rules';

export { EUCAST_RULES_FILE, parseEucastRules, type EucastRuleRecord, type EucastRuleValue } from './eucast-rules';
export { toEucastRuleDefinitions } from './ast-rules';
export { RefdataFormatError, type ParseOptions, type RefdataErrorLocation } from '../whonet/table';

/** Reads eucast_rules.tsv from a folder (the `amr` folder of the reference data). */
export function readEucastRules(dir: string, options: Omit<ParseOptions, 'file'> = {}): EucastRuleRecord[] {
  const full = path.join(dir, EUCAST_RULES_FILE);
  return parseEucastRules(readFileSync(full, 'utf8'), { ...options, file: full });
}
export {
  AMR_3_FOLDER,
  CLINICAL_BREAKPOINTS_FILE,
  ORGANISM_GROUPS_FILE,
  amr3Dir,
  readDosages,
  antibioticAliasesFrom,
  parseAntimicrobials,
  readAntimicrobials,
  type AmrAntimicrobial,
  amrBreakpointsAsWhonet,
  countByGuidelineYear,
  currentBreakpoints,
  type CurrentBreakpoints,
  mergeBreakpointTables,
  parseClinicalBreakpoints,
  parseOrganismGroups,
  readClinicalBreakpoints,
  readOrganismGroups,
  storedResistant,
  whonetPotency,
  type AmrBreakpointRow,
  type AmrConversion,
  type AmrConversionContext,
  type OrganismGroupMember,
  type OrganismPlacement,
} from './clinical-breakpoints';
export { taxonForWhonetName, whonetNameToTaxonName } from './whonet-names';
export { organismAliasesFrom } from './organism-aliases';
