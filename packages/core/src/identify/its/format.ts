import { TSV_COLUMNS, formatIdentificationJson, identificationRows, type FormatOptions } from '../rrna/format';
import type { IdentificationResult } from '../rrna/search';
import { itsCallOf } from './call';
import type { ItsResult } from './identify';

/**
 * `mdc identify --method ITS --format tsv`: the 16S/18S columns, one row per listed hit of the
 * answer (pooled over ITS1 and ITS2 for a whole ITS: the accession names both records), the
 * confidence column naming a species complex where ITS cannot split one.
 */
export function formatItsTsv(results: readonly ItsResult[], options: FormatOptions = {}): string {
  const lines = [TSV_COLUMNS.join('\t')];
  for (const row of identificationRows(results as readonly IdentificationResult[], { callOf: itsCallOf, ...options })) lines.push(TSV_COLUMNS.map((c) => row[c]).join('\t'));
  return lines.join('\n') + '\n';
}

export function formatItsJson(results: readonly ItsResult[], options: FormatOptions = {}): string {
  return formatIdentificationJson(results as readonly IdentificationResult[], { callOf: itsCallOf, ...options });
}
