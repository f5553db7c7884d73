import type { EucastRuleDefinition } from '@mdc/core/ast';
import type { EucastRuleRecord } from './eucast-rules';

/** The AMR package's EUCAST rules as the interpretation engine reads them. */
export function toEucastRuleDefinitions(records: readonly EucastRuleRecord[], file = 'eucast_rules.tsv'): EucastRuleDefinition[] {
  return records.map((r) => ({
    organismProperty: r.organismProperty,
    operator: r.operator,
    value: r.value,
    ifAntibiotics: r.ifAntibiotics,
    ifValues: r.ifValues,
    thenAntibiotics: r.thenAntibiotics,
    toValue: r.toValue,
    reference: r.reference,
    group: r.group,
    version: r.version,
    note: r.note,
    source: `${file}:${r.line}`,
  }));
}
