/**
 * @mdc/refdata/whonet — parsers for the WHONET AMR Interpretation Engine resource
 * files (antibiotics, organisms, breakpoints, expected resistance, expert rules,
 * QC ranges, the sample isolate file) and the loader that feeds @mdc/core/ast.
 */
export { RefdataFormatError, type ParseOptions, type RefdataErrorLocation } from './table';
export { ANTIBIOTICS_FILE, parseAntibiotics, type AntibioticRecord } from './antibiotics';
export { ORGANISMS_FILE, parseOrganisms, type OrganismRecord } from './organisms';
export {
  BREAKPOINTS_FILE,
  BREAKPOINT_TYPES,
  ORGANISM_CODE_TYPES,
  TEST_METHODS,
  parseBreakpoints,
  type BreakpointRecord,
  type BreakpointType,
  type OrganismCodeType,
  type TestMethod,
} from './breakpoints';
export {
  EXPECTED_RESISTANCE_FILE,
  EXPECTED_RESISTANCE_ORGANISM_TYPES,
  parseExpectedResistance,
  type ExpectedResistanceRecord,
} from './expected-resistance';
export { EXPERT_RULES_FILE, parseExpertRules, type ExpertRuleRecord } from './expert-rules';
export { QC_RANGES_FILE, parseQcRanges, type QcRangeRecord } from './qc-ranges';
export {
  SAMPLE_INPUT_FILE,
  WHONET_GUIDELINE_LETTERS,
  WHONET_TEST_FIELDS,
  parseSampleInput,
  parseWhonetTestCode,
  type SampleIsolate,
  type SampleResult,
  type WhonetTestCode,
  type WhonetTestMethod,
} from './sample-input';
export { sampleToIsolateInput } from './sample-isolates';
export {
  readAntibiotics,
  readBreakpoints,
  readExpectedResistance,
  readExpertRules,
  readOrganisms,
  readQcRanges,
  readSampleInput,
} from './files';
export {
  readAstTables,
  toAntibioticDefinitions,
  toBreakpointDefinitions,
  toExpectedResistanceDefinitions,
  toOrganismDefinitions,
  toWhonetExpertRuleDefinitions,
  type LoadedAstTables,
} from './ast-tables';
