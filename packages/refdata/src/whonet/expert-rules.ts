import { ORGANISM_CODE_TYPES, type OrganismCodeType } from './breakpoints';
import { list, mapRows, oneOf, readTable, requiredText, type ParseOptions } from './table';

export const EXPERT_RULES_FILE = 'ExpertInterpretationRules.txt';

/**
 * One WHONET expert interpretation rule: when the criteria hold for an isolate of
 * the organism group, the affected antibiotics (codes or class names) are
 * reported resistant, except the listed ones.
 */
export interface ExpertRuleRecord {
  line: number;
  ruleCode: string;
  description: string;
  organismCode: string;
  organismCodeType: OrganismCodeType;
  /** Boolean expression over results and tests, e.g. "BETA_LACT=- AND AMP=NS". */
  criteria: string;
  /** Drug codes (MOX) or WHONET class names (Penicillins, Cephems…). */
  affectedAntibiotics: string[];
  antibioticExceptions: string[];
}

const COLUMNS = [
  'RULE_CODE',
  'DESCRIPTION',
  'ORGANISM_CODE',
  'ORGANISM_CODE_TYPE',
  'RULE_CRITERIA',
  'AFFECTED_ANTIBIOTICS',
  'ANTIBIOTIC_EXCEPTIONS',
] as const;

export function parseExpertRules(text: string, options: ParseOptions = {}): ExpertRuleRecord[] {
  const table = readTable(text, { file: EXPERT_RULES_FILE, delimiter: '\t', required: COLUMNS }, options);
  return mapRows(table, options, (row) => {
    const affected = list(table, row, 'AFFECTED_ANTIBIOTICS');
    if (affected.length === 0) throw table.fail(row, 'AFFECTED_ANTIBIOTICS', 'the rule names no antibiotics');
    return {
      line: row.line,
      ruleCode: requiredText(table, row, 'RULE_CODE'),
      description: table.cell(row, 'DESCRIPTION'),
      organismCode: requiredText(table, row, 'ORGANISM_CODE'),
      organismCodeType: oneOf(table, row, 'ORGANISM_CODE_TYPE', ORGANISM_CODE_TYPES),
      criteria: requiredText(table, row, 'RULE_CRITERIA'),
      affectedAntibiotics: affected,
      antibioticExceptions: list(table, row, 'ANTIBIOTIC_EXCEPTIONS'),
    };
  });
}
