import type { OrganismGroup } from '@mdc/contracts';
import { ORGANISM_LEVELS } from '@mdc/core/ast';
import type { Queryable } from '../db';
import type { OrganismLabels } from './organism-labels';
import type { SqlParams } from './sql-params';

/** A WHONET organism with the grouping columns breakpoint and rule rows are keyed on. */
export interface WhonetOrganism {
  line: number;
  code: string;
  name: string;
  nameZh: string | null;
  taxonMo: string | null;
  organismType: string;
  anaerobe: boolean;
  subkingdom: string;
  familyCode: string;
  genusGroup: string;
  genusCode: string;
  speciesGroup: string;
  serovarGroup: string;
  kingdom: string;
}

export type { OrganismGroup };

interface WhonetRow {
  line: number;
  code: string;
  name: string;
  name_zh: string | null;
  taxon_mo: string | null;
  organism_type: string;
  anaerobe: boolean;
  subkingdom_code: string;
  family_code: string;
  genus_group: string;
  genus_code: string;
  species_group: string;
  serovar_group: string;
  kingdom: string;
}

const WHONET_COLUMNS = `line, code, name, name_zh, taxon_mo, organism_type, anaerobe, subkingdom_code, family_code,
  genus_group, genus_code, species_group, serovar_group, kingdom`;

function toOrganism(row: WhonetRow): WhonetOrganism {
  return {
    line: row.line,
    code: row.code,
    name: row.name,
    nameZh: row.name_zh,
    taxonMo: row.taxon_mo,
    organismType: row.organism_type,
    anaerobe: row.anaerobe,
    subkingdom: row.subkingdom_code,
    familyCode: row.family_code,
    genusGroup: row.genus_group,
    genusCode: row.genus_code,
    speciesGroup: row.species_group,
    serovarGroup: row.serovar_group,
    kingdom: row.kingdom,
  };
}

/**
 * The WHONET organism for the first of `taxa` that has one (the taxon, its accepted name,
 * then its ancestors nearest first): a species WHONET does not list is interpreted with its
 * genus's code, as WHONET itself does.
 */
export async function whonetOrganismFor(db: Queryable, taxa: readonly string[]): Promise<WhonetOrganism | undefined> {
  if (taxa.length === 0) return undefined;
  const rows = await db.query<WhonetRow>(
    `SELECT ${WHONET_COLUMNS} FROM whonet_organism WHERE taxon_mo = ANY($1::text[])
      ORDER BY array_position($1::text[], taxon_mo), (taxonomic_status = 'C') DESC, common DESC, line LIMIT 1`,
    [taxa],
  );
  return rows[0] ? toOrganism(rows[0]) : undefined;
}

/** Every taxon's own WHONET organism (current names first, then common ones), for in-memory look-ups. */
export async function whonetOrganismsByTaxon(db: Queryable): Promise<Map<string, WhonetOrganism>> {
  const rows = await db.query<WhonetRow>(
    `SELECT DISTINCT ON (taxon_mo) ${WHONET_COLUMNS} FROM whonet_organism WHERE taxon_mo IS NOT NULL
      ORDER BY taxon_mo, (taxonomic_status = 'C') DESC, common DESC, line`,
  );
  return new Map(rows.map((row) => [row.taxon_mo!, toOrganism(row)]));
}

export async function whonetOrganismByCode(db: Queryable, code: string): Promise<WhonetOrganism | undefined> {
  const rows = await db.query<WhonetRow>(
    `SELECT ${WHONET_COLUMNS} FROM whonet_organism WHERE lower(code) = lower($1) ORDER BY (taxonomic_status = 'C') DESC, line LIMIT 1`,
    [code],
  );
  return rows[0] ? toOrganism(rows[0]) : undefined;
}

/** The groups a breakpoint or rule row may name this organism by, most specific first. */
export function organismGroups(organism: WhonetOrganism, labels: OrganismLabels): OrganismGroup[] {
  const groups: { level: string; code: string }[] = [{ level: 'WHONET_ORG_CODE', code: organism.code }];
  if (organism.speciesGroup) groups.push({ level: 'SPECIES_GROUP', code: organism.speciesGroup });
  if (organism.serovarGroup) groups.push({ level: 'SEROVAR_GROUP', code: organism.serovarGroup });
  if (organism.genusCode) groups.push({ level: 'GENUS_CODE', code: organism.genusCode });
  if (organism.genusGroup) groups.push({ level: 'GENUS_GROUP', code: organism.genusGroup });
  if (organism.familyCode) groups.push({ level: 'FAMILY_CODE', code: organism.familyCode });
  if (organism.anaerobe && organism.subkingdom) groups.push({ level: 'ANAEROBE+SUBKINGDOM_CODE', code: `AN${organism.subkingdom}` });
  if (organism.anaerobe) groups.push({ level: 'ANAEROBE', code: 'ANA' });
  if (organism.subkingdom) groups.push({ level: 'SUBKINGDOM_CODE', code: organism.subkingdom });
  // The non-species-related (PK/PD) breakpoints are for bacteria.
  if (organism.kingdom === 'Bacteria' || organism.subkingdom) groups.push({ level: 'ALL', code: 'ALL' });
  return groups.map((g) => ({ ...g, label: labels.group(g.code, g.level) }));
}

/**
 * Rows that compete for the same result: WHONET takes, per guideline, year, method, drug and
 * breakpoint type (and animal host), the rows of the organism's most specific level that has
 * any, whatever their sites; the non-species-related (PK/PD) rows only fill in for drugs the
 * organism has no own rows for.
 */
export const SPECIFICITY_PARTITION = 'guideline, year, method, antibiotic_code, breakpoint_type, host';

/** SQL rank of a row's code type: 0 for an organism's own code … 9 for ALL. */
export function levelSql(typeColumn: string): string {
  const cases = ORGANISM_LEVELS.map((level, i) => `WHEN '${level}' THEN ${i}`).join(' ');
  return `(CASE ${typeColumn} ${cases} ELSE ${ORGANISM_LEVELS.length - 1} END)`;
}

/** A condition selecting the rows (breakpoints, expected resistance…) that name one of `groups`. */
export function groupsWhere(groups: readonly OrganismGroup[], p: SqlParams, codeColumn: string, typeColumn: string): string {
  const terms = groups.map((g) =>
    g.level === 'ALL'
      ? `${typeColumn} IN ('ALL', '')`
      : `(${typeColumn} = ${p.add(g.level)} AND upper(${codeColumn}) = ${p.add(g.code.toUpperCase())})`,
  );
  return terms.length ? `(${terms.join(' OR ')})` : 'false';
}
