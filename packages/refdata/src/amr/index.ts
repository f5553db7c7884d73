import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ParseOptions } from '../whonet/table';
import { EUCAST_RULES_FILE, parseEucastRules, type EucastRuleRecord } from './eucast-rules';

export { EUCAST_RULES_FILE, parseEucastRules, type EucastRuleRecord, type EucastRuleValue } from './eucast-rules';
export { toEucastRuleDefinitions } from './ast-rules';
export { RefdataFormatError, type ParseOptions, type RefdataErrorLocation } from '../whonet/table';

/** AMR 3.0.0's rules table: EUCAST Expert Rules v3.1–3.3, Expected Resistant Phenotypes v1.2, breakpoint tables 10–15. */
export const INTERPRETIVE_RULES_FILE = 'interpretive_rules.tsv';

/**
 * Reads the EUCAST rules from the `amr` folder of the reference data: AMR 3.0.0's
 * `amr-3.0.0/interpretive_rules.tsv` when it is there (same columns), else (or with `legacy`) the
 * 2021 `eucast_rules.tsv` (Expert Rules 3.2, breakpoint table 11) that WHONET-only tables pin.
 */
export function readEucastRules(dir: string, options: Omit<ParseOptions, 'file'> & { legacy?: boolean } = {}): EucastRuleRecord[] {
  const current = path.join(dir, 'amr-3.0.0', INTERPRETIVE_RULES_FILE);
  const full = !options.legacy && existsSync(current) ? current : path.join(dir, EUCAST_RULES_FILE);
  return parseEucastRules(readFileSync(full, 'utf8'), { ...options, file: full });
}
export {
  AMR_3_FOLDER,
  AMR_LINE_OFFSET,
  antibioticCodeMap,
  whonetCodesByMo,
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
export {
  INTRINSIC_REFERENCE,
  INTRINSIC_RESISTANT_FILE,
  intrinsicResistanceAsWhonet,
  parseIntrinsicResistant,
  readIntrinsicResistant,
  type IntrinsicResistancePair,
} from './intrinsic-resistance';
export { taxonForWhonetName, whonetNameToTaxonName } from './whonet-names';
export { organismAliasesFrom } from './organism-aliases';
