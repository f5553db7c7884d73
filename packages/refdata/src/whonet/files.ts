import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ANTIBIOTICS_FILE, parseAntibiotics, type AntibioticRecord } from './antibiotics';
import { BREAKPOINTS_FILE, parseBreakpoints, type BreakpointRecord } from './breakpoints';
import { EXPECTED_RESISTANCE_FILE, parseExpectedResistance, type ExpectedResistanceRecord } from './expected-resistance';
import { EXPERT_RULES_FILE, parseExpertRules, type ExpertRuleRecord } from './expert-rules';
import { ORGANISMS_FILE, parseOrganisms, type OrganismRecord } from './organisms';
import { QC_RANGES_FILE, parseQcRanges, type QcRangeRecord } from './qc-ranges';
import { SAMPLE_INPUT_FILE, parseSampleInput, type SampleIsolate } from './sample-input';
import type { ParseOptions } from './table';

/** Reads one file of a WHONET resource folder; errors name the full path. */
function readWith<T>(
  dir: string,
  file: string,
  parse: (text: string, options: ParseOptions) => T,
  options: Omit<ParseOptions, 'file'>,
): T {
  const full = path.join(dir, file);
  return parse(readFileSync(full, 'utf8'), { ...options, file: full });
}

export const readAntibiotics = (dir: string, options: Omit<ParseOptions, 'file'> = {}): AntibioticRecord[] =>
  readWith(dir, ANTIBIOTICS_FILE, parseAntibiotics, options);
export const readOrganisms = (dir: string, options: Omit<ParseOptions, 'file'> = {}): OrganismRecord[] =>
  readWith(dir, ORGANISMS_FILE, parseOrganisms, options);
export const readBreakpoints = (dir: string, options: Omit<ParseOptions, 'file'> = {}): BreakpointRecord[] =>
  readWith(dir, BREAKPOINTS_FILE, parseBreakpoints, options);
export const readExpectedResistance = (
  dir: string,
  options: Omit<ParseOptions, 'file'> = {},
): ExpectedResistanceRecord[] => readWith(dir, EXPECTED_RESISTANCE_FILE, parseExpectedResistance, options);
export const readExpertRules = (dir: string, options: Omit<ParseOptions, 'file'> = {}): ExpertRuleRecord[] =>
  readWith(dir, EXPERT_RULES_FILE, parseExpertRules, options);
export const readQcRanges = (dir: string, options: Omit<ParseOptions, 'file'> = {}): QcRangeRecord[] =>
  readWith(dir, QC_RANGES_FILE, parseQcRanges, options);
export const readSampleInput = (dir: string, options: Omit<ParseOptions, 'file'> = {}): SampleIsolate[] =>
  readWith(dir, SAMPLE_INPUT_FILE, parseSampleInput, options);
