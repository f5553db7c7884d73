import { list, mapRows, oneOf, readTable, requiredText, type ParseOptions, type TableRow } from '../whonet/table';

export const EUCAST_RULES_FILE = 'eucast_rules.tsv';

export type EucastRuleValue = 'S' | 'I' | 'R' | 'NA';

/**
 * One row of the AMR package's EUCAST rules table: if the organism's property
 * is / matches / is one of the value, and these antibiotics have these results,
 * then change those antibiotics to the value. Rows with no condition on
 * antibiotics are intrinsic resistances.
 */
export interface EucastRuleRecord {
  line: number;
  /** "genus", "genus_species", "fullname", "order", "gramstain"… (AMR microorganisms columns). */
  organismProperty: string;
  operator: 'is' | 'like' | 'one_of';
  /** Value, regular expression ("like") or comma-separated list ("one_of"). */
  value: string;
  /** EARS-Net/WHONET codes of the antibiotics the condition reads (may be empty). */
  ifAntibiotics: string[];
  /** One value for all of them, or one per antibiotic ("R, S"). */
  ifValues: EucastRuleValue[];
  /** Codes or group names ("betalactams", "cephalosporins_except_CAZ") to change. */
  thenAntibiotics: string[];
  /** New result; NA means "do not report"; '' means the row only documents a rule. */
  toValue: EucastRuleValue | '';
  reference: string;
  /** "Breakpoints" or "Expert Rules". */
  group: string;
  /** Version of the EUCAST document (breakpoint table 11, expert rules 3.2…). */
  version: string;
  note: string;
}

const COLUMNS = [
  'if_mo_property',
  'like.is.one_of',
  'this_value',
  'and_these_antibiotics',
  'have_these_values',
  'then_change_these_antibiotics',
  'to_value',
  'reference.rule',
  'reference.rule_group',
  'reference.version',
  'note',
] as const;

const VALUES: readonly EucastRuleValue[] = ['S', 'I', 'R', 'NA'];

function ruleValues(values: string[], fail: (problem: string) => Error): EucastRuleValue[] {
  return values.map((value) => {
    if (!(VALUES as readonly string[]).includes(value)) throw fail(`"${value}" is not S, I, R or NA`);
    return value as EucastRuleValue;
  });
}

/**
 * Parses the table (lines starting with "#" are comments). The file's exporter drops
 * the last cell when the note is empty, so the `note` column may be missing; any
 * other short row is reported as malformed (the 2021 file has one, line 55, where
 * a tab between "CIP" and "NA" was lost — pass `onInvalidRow` to skip and report it).
 */
export function parseEucastRules(text: string, options: ParseOptions = {}): EucastRuleRecord[] {
  const table = readTable(
    text,
    { file: EUCAST_RULES_FILE, delimiter: '\t', required: COLUMNS, optionalTrailing: 1, commentPrefix: '#' },
    options,
  );
  const c = (row: TableRow, column: (typeof COLUMNS)[number]) => table.cell(row, column);
  return mapRows(table, options, (row) => {
    const ifAntibiotics = list(table, row, 'and_these_antibiotics');
    const ifValues = ruleValues(list(table, row, 'have_these_values'), (problem) =>
      table.fail(row, 'have_these_values', problem),
    );
    if (ifAntibiotics.length > 0 && ifValues.length !== 1 && ifValues.length !== ifAntibiotics.length) {
      throw table.fail(
        row,
        'have_these_values',
        `${ifValues.length} values for ${ifAntibiotics.length} antibiotics (expected one, or one each)`,
      );
    }
    if (ifAntibiotics.length === 0 && ifValues.length > 0) {
      throw table.fail(row, 'and_these_antibiotics', 'values are given without antibiotics');
    }
    const toRaw = c(row, 'to_value');
    const toValue = toRaw === '' ? '' : ruleValues([toRaw], (problem) => table.fail(row, 'to_value', problem))[0]!;
    const thenAntibiotics = list(table, row, 'then_change_these_antibiotics');
    if (thenAntibiotics.length === 0) {
      throw table.fail(row, 'then_change_these_antibiotics', 'the rule changes no antibiotics');
    }
    return {
      line: row.line,
      organismProperty: requiredText(table, row, 'if_mo_property'),
      operator: oneOf(table, row, 'like.is.one_of', ['is', 'like', 'one_of'] as const),
      value: requiredText(table, row, 'this_value'),
      ifAntibiotics,
      ifValues,
      thenAntibiotics,
      toValue,
      reference: c(row, 'reference.rule'),
      group: c(row, 'reference.rule_group'),
      version: c(row, 'reference.version'),
      note: c(row, 'note'),
    };
  });
}
