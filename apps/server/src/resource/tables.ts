import type { AstTables } from '@mdc/core/ast';
import type { EucastRuleRecord } from '@mdc/refdata/amr';
import { AMR_LINE_OFFSET, INTRINSIC_RESISTANT_FILE, toEucastRuleDefinitions } from '@mdc/refdata/amr';
import type { FastaRecord } from '@mdc/refdata/fasta';
import {
  toAntibioticDefinitions,
  toBreakpointDefinitions,
  toExpectedResistanceDefinitions,
  toOrganismDefinitions,
  toWhonetExpertRuleDefinitions,
  type AntibioticRecord,
  type BreakpointRecord,
  type ExpectedResistanceRecord,
  type ExpertRuleRecord,
  type OrganismRecord,
  type QcRangeRecord,
} from '@mdc/refdata/whonet';
import type { Queryable } from '../db';
import type { Marker } from './sources';

/** The WHONET and EUCAST tables exactly as the refdata parsers produced them at import, in file order. */
export interface WhonetTables {
  organisms: OrganismRecord[];
  antibiotics: AntibioticRecord[];
  breakpoints: BreakpointRecord[];
  expectedResistance: ExpectedResistanceRecord[];
  expertRules: ExpertRuleRecord[];
  eucastRules: EucastRuleRecord[];
  qcRanges: QcRangeRecord[];
  /** Organism and drug names and EUCAST dosages beyond WHONET's tables (table ast_reference). */
  references?: { kind: string; name: string; code: string; detail: NonNullable<AstTables['dosages']>[number] | null }[];
}

async function records<T>(db: Queryable, table: string): Promise<T[]> {
  const rows = await db.query<{ record: T }>(`SELECT record FROM ${table} ORDER BY line`);
  return rows.map((row) => row.record);
}

/**
 * The parser records of the last import, for the Lab: `buildKnowledgeBase(toAstTables(tables))`
 * gives the same engine as reading the files would.
 */
export async function loadWhonetTables(db: Queryable): Promise<WhonetTables> {
  return {
    organisms: await records<OrganismRecord>(db, 'whonet_organism'),
    antibiotics: await records<AntibioticRecord>(db, 'antibiotic_row'),
    breakpoints: await records<BreakpointRecord>(db, 'breakpoint'),
    expectedResistance: await records<ExpectedResistanceRecord>(db, 'expected_resistance'),
    expertRules: await records<ExpertRuleRecord>(db, 'expert_rule'),
    eucastRules: await records<EucastRuleRecord>(db, 'eucast_rule'),
    qcRanges: await records<QcRangeRecord>(db, 'qc_range'),
    references: await db.query('SELECT kind, name, code, detail FROM ast_reference ORDER BY line'),
  };
}

/** The engine's input, mapped the way `readAstTables` maps the files. */
export function toAstTables(tables: WhonetTables): AstTables {
  return {
    organisms: toOrganismDefinitions(tables.organisms),
    antibiotics: toAntibioticDefinitions(tables.antibiotics),
    breakpoints: toBreakpointDefinitions(tables.breakpoints),
    // AMR 3.0.0's intrinsic pairs are numbered from AMR_LINE_OFFSET: name their file.
    expectedResistance: [
      ...toExpectedResistanceDefinitions(tables.expectedResistance.filter((e) => e.line >= AMR_LINE_OFFSET), INTRINSIC_RESISTANT_FILE),
      ...toExpectedResistanceDefinitions(tables.expectedResistance.filter((e) => e.line < AMR_LINE_OFFSET)),
    ],
    whonetExpertRules: toWhonetExpertRuleDefinitions(tables.expertRules),
    eucastRules: toEucastRuleDefinitions(tables.eucastRules),
    organismAliases: (tables.references ?? []).filter((a) => a.kind === 'organism').map(({ name, code }) => ({ name, code })),
    antibioticAliases: (tables.references ?? []).filter((a) => a.kind === 'antibiotic').map(({ name, code }) => ({ name, code })),
    dosages: (tables.references ?? []).flatMap((a) => (a.kind === 'dosage' && a.detail ? [a.detail] : [])),
  };
}

/** A reference sequence as the FASTA reader gave it, with the taxon it is filed under. */
export interface ReferenceSequence extends FastaRecord {
  marker: Marker;
  /** Accepted taxon of the header's species (taxon id), when the taxonomy knows the name. */
  taxonId: string | null;
  /** The header's species when it is a former name of `species` (which is the accepted one). */
  depositedSpecies?: string;
}

/**
 * The 16S or 18S reference set identification searches, in the order of its file (type strains
 * first per species), under accepted names: without the records found at import to be genes of the
 * other marker or inside another genus's cluster.
 */
export async function loadReferenceSequences(db: Queryable, marker: Marker): Promise<ReferenceSequence[]> {
  const rows = await db.query<{
    accession: string;
    header: string;
    description: string;
    lineage: string[];
    species: string;
    deposited_species: string;
    taxon_mo: string | null;
    sequence: string;
    line: number;
  }>('SELECT accession, header, description, lineage, species, deposited_species, taxon_mo, sequence, line FROM identification_reference WHERE marker = $1 ORDER BY line', [marker]);
  return rows.map((row) => {
    const record: ReferenceSequence = {
      marker,
      accession: row.accession,
      description: row.description,
      header: row.header,
      sequence: row.sequence,
      fields: {},
      line: row.line,
      taxonId: row.taxon_mo,
    };
    if (row.lineage.length) record.lineage = row.lineage;
    if (row.species) record.species = row.species;
    if (row.deposited_species) record.depositedSpecies = row.deposited_species;
    return record;
  });
}
