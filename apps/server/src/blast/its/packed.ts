import type { ReferenceSequence } from '@mdc/core/identify/rrna';

/**
 * A spacer reference set packed as a few strings, one line per record: a structured clone of a few
 * long strings costs the event loop far less than one of ~80,000 objects.
 */
export interface PackedReferences {
  accessions: string;
  species: string;
  lineages: string;
  sequences: string;
}

export function pack(rows: readonly { accession: string; species: string; lineage: readonly string[]; sequence: string }[]): PackedReferences {
  return {
    accessions: rows.map((r) => r.accession).join('\n'),
    species: rows.map((r) => r.species).join('\n'),
    lineages: rows.map((r) => r.lineage.join(';')).join('\n'),
    sequences: rows.map((r) => r.sequence).join('\n'),
  };
}

export function unpack(packed: PackedReferences): ReferenceSequence[] {
  if (packed.accessions.length === 0) return [];
  const accessions = packed.accessions.split('\n');
  const species = packed.species.split('\n');
  const lineages = packed.lineages.split('\n');
  const sequences = packed.sequences.split('\n');
  return accessions.map((accession, i) => ({ accession, species: species[i]!, lineage: lineages[i]!.split(';'), sequence: sequences[i]! }));
}

