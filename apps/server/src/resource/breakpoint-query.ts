import type { BreakpointRow } from '@mdc/contracts';
import type { Queryable } from '../db';
import { likeLiteral, orderBy, SqlParams } from './http';
import { groupsWhere, levelSql, SPECIFICITY_PARTITION, type OrganismGroup } from './hierarchy';
import { BREAKPOINT_TYPE_LABELS, hostLabel, siteLabel } from './labels';
import type { BreakpointDigest } from './digest';
import type { OrganismLabels } from './service';

export interface BreakpointQuery {
  guideline?: string;
  /** A year, 'all', or undefined for the latest year of each guideline. */
  year?: number | 'all';
  method?: string;
  /** Rows naming exactly this organism or group code (as in the ORGANISM_CODE column). */
  organism?: string;
  /** Rows that apply to an organism through the WHONET hierarchy, the most specific per test. */
  groups?: readonly OrganismGroup[];
  antibiotic?: string;
  /** Exact site text; '-' selects the rows that are not site-specific. */
  site?: string;
  /** human, animal or ecoff (any case). */
  type?: string;
  host?: string;
  /** Free text over drug code and name, organism code and reference table. */
  q?: string;
  sort?: string;
}
export type { BreakpointRow };

interface Row {
  line: number;
  guideline: string;
  year: number;
  method: string;
  potency: string;
  whonet_test: string;
  organism_code: string;
  organism_code_type: string;
  breakpoint_type: string;
  host: string;
  site_of_infection: string;
  reference_table: string;
  antibiotic_code: string;
  antibiotic_name: string | null;
  antibiotic_zh: string | null;
  s: number | null;
  sdd: string;
  i: string;
  r: number | null;
  ecoff: number | null;
  comments: string;
  total: number;
}

const SORTS: Record<string, string> = {
  guideline: 'guideline',
  year: 'year',
  method: 'method',
  organism: 'upper(organism_code)',
  level: 'level',
  antibiotic: 'antibiotic_code',
  antibioticName: 'antibiotic_name',
  site: 'site_of_infection',
  type: 'breakpoint_type',
  host: 'host',
  s: 's',
  r: 'r',
  ecoff: 'ecoff',
};
const DEFAULT_ORDER = 'guideline ASC, year DESC, level ASC, upper(organism_code) ASC, antibiotic_code ASC, method ASC, site_of_infection ASC';

const TYPES: Record<string, string> = { human: 'Human', animal: 'Animal', ecoff: 'ECOFF' };

export function normalizeBreakpointType(type: string | undefined): string | undefined {
  return type ? (TYPES[type.toLowerCase()] ?? type) : undefined;
}

/** The year a query resolves to for the echo in the answer: the asked one, or the guideline's latest. */
export function resolvedYear(digest: BreakpointDigest, query: Pick<BreakpointQuery, 'guideline' | 'year'>): number | null {
  if (typeof query.year === 'number') return query.year;
  if (query.year === 'all' || !query.guideline) return null;
  return digest.latestYear(query.guideline) ?? null;
}

/** The rows a query matches (a FROM item, before ordering) and its parameters. */
function matching(query: BreakpointQuery, digest: BreakpointDigest): { source: string; order: string; p: SqlParams } {
  const p = new SqlParams();
  const where: string[] = [];
  if (query.guideline) where.push(`b.guideline = ${p.add(query.guideline)}`);
  if (typeof query.year === 'number') where.push(`b.year = ${p.add(query.year)}`);
  else if (query.year !== 'all') {
    // The latest years are known in memory; a literal list spares a pass over the table.
    const guidelines = query.guideline ? [query.guideline] : digest.guidelines;
    const years = guidelines.map((g) => digest.latestYear(g) ?? 0);
    where.push(`(b.guideline, b.year) IN (SELECT * FROM unnest(${p.add(guidelines)}::text[], ${p.add(years)}::int[]))`);
  }
  if (query.method) where.push(`b.method = ${p.add(query.method.toUpperCase())}`);
  if (query.organism) where.push(`upper(b.organism_code) = ${p.add(query.organism.toUpperCase())}`);
  if (query.antibiotic) where.push(`b.antibiotic_code = ${p.add(query.antibiotic.toUpperCase())}`);
  if (query.site !== undefined && query.site !== '') where.push(`b.site_of_infection = ${p.add(query.site === '-' ? '' : query.site)}`);
  const type = normalizeBreakpointType(query.type);
  if (type) where.push(`b.breakpoint_type = ${p.add(type)}`);
  if (query.host) where.push(`lower(b.host) = ${p.add(query.host.toLowerCase())}`);
  if (query.q) {
    const pattern = p.add(`%${likeLiteral(query.q.toLowerCase())}%`);
    where.push(
      `(lower(b.antibiotic_code) LIKE ${pattern} OR lower(coalesce(a.name, '')) LIKE ${pattern} OR coalesce(a.name_zh, '') LIKE ${pattern}
        OR lower(b.organism_code) LIKE ${pattern} OR lower(b.reference_table) LIKE ${pattern})`,
    );
  }
  if (query.groups) where.push(groupsWhere(query.groups, p, 'b.organism_code', 'b.organism_code_type'));

  const selected = `SELECT ${COLUMNS} FROM ${JOINED} ${where.length ? 'WHERE ' + where.join(' AND ') : ''}`;
  const source = query.groups
    ? `(SELECT *, rank() OVER (PARTITION BY ${SPECIFICITY_PARTITION} ORDER BY level) AS specificity
         FROM (${selected}) applicable) ranked WHERE specificity = 1`
    : `(${selected}) matched`;
  return { source, order: orderBy(query.sort, SORTS, DEFAULT_ORDER, 'line'), p };
}

const COLUMNS = `b.line, b.guideline, b.year, b.method, b.potency, b.whonet_test, b.organism_code, b.organism_code_type,
      b.breakpoint_type, b.host, b.site_of_infection, b.reference_table, b.antibiotic_code, a.name AS antibiotic_name,
      a.name_zh AS antibiotic_zh, b.s, b.sdd, b.i, b.r, b.ecoff, b.comments, ${levelSql('b.organism_code_type')} AS level`;
const JOINED = 'breakpoint b LEFT JOIN antibiotic a ON a.code = b.antibiotic_code';

/**
 * Breakpoint rows matching the filters, paged. With `groups` (a taxon's WHONET groups) only the
 * rows that would decide a result are kept: per guideline, year, method, drug, type, host and
 * site, those of the most specific organism level present — what WHONET applies.
 */
export async function queryBreakpoints(
  db: Queryable,
  query: BreakpointQuery,
  labels: OrganismLabels,
  digest: BreakpointDigest,
  paging: { limit: number; offset: number },
): Promise<{ total: number; list: BreakpointRow[] }> {
  const { source, order, p } = matching(query, digest);
  const rows = await db.query<Row>(
    `SELECT *, count(*) OVER () AS total FROM ${source} ORDER BY ${order} LIMIT ${p.add(paging.limit)} OFFSET ${p.add(paging.offset)}`,
    p.values,
  );
  return { total: Number(rows[0]?.total ?? 0), list: rows.map((row) => toBreakpointRow(row, labels)) };
}

/**
 * The lines (keys) of at most `limit` rows a query matches, in the table's order: a download's
 * first step. Its pages are then read by key ({@link breakpointsByLines}); read by OFFSET, every
 * page counted and sorted the whole match again, each a longer hold of the embedded database.
 */
export async function breakpointLinesInOrder(db: Queryable, query: BreakpointQuery, digest: BreakpointDigest, limit: number): Promise<number[]> {
  const { source, order, p } = matching(query, digest);
  const rows = await db.query<{ line: number }>(`SELECT line FROM ${source} ORDER BY ${order} LIMIT ${p.add(limit)}`, p.values);
  return rows.map((row) => row.line);
}

/** The rows of these lines, in the order given. */
export async function breakpointsByLines(db: Queryable, lines: readonly number[], labels: OrganismLabels): Promise<BreakpointRow[]> {
  const rows = await db.query<Omit<Row, 'total'>>(`SELECT ${COLUMNS} FROM ${JOINED} WHERE b.line = ANY($1::int[])`, [lines]);
  const byLine = new Map(rows.map((row) => [row.line, row]));
  return lines.flatMap((line) => {
    const row = byLine.get(line);
    return row ? [toBreakpointRow(row, labels)] : [];
  });
}

export function toBreakpointRow(row: Omit<Row, 'total'>, labels: OrganismLabels): BreakpointRow {
  const level = row.organism_code_type === '' ? 'ALL' : row.organism_code_type;
  return {
    id: row.line,
    guideline: row.guideline,
    year: row.year,
    method: row.method,
    potency: row.potency,
    testCode: row.whonet_test,
    organism: { level, code: row.organism_code, label: labels.group(row.organism_code, level) },
    antibiotic: { code: row.antibiotic_code, name: row.antibiotic_name, nameZh: row.antibiotic_zh },
    breakpointType: row.breakpoint_type,
    breakpointTypeLabel: BREAKPOINT_TYPE_LABELS[row.breakpoint_type] ?? { en: row.breakpoint_type, zh: row.breakpoint_type },
    host: row.host,
    hostLabel: hostLabel(row.host),
    site: row.site_of_infection,
    siteLabel: siteLabel(row.site_of_infection),
    referenceTable: row.reference_table,
    s: row.s,
    sdd: row.sdd,
    i: row.i,
    r: row.r,
    ecoff: row.ecoff,
    note: row.comments,
    source: [`${row.guideline} ${row.year}`, row.reference_table].filter(Boolean).join(' · '),
  };
}
