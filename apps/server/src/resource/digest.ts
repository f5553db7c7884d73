import { ORGANISM_LEVELS } from '@mdc/core/ast';
import type { Queryable } from '../db';
import { organismGroups, whonetOrganismsByTaxon, type WhonetOrganism } from './hierarchy';
import type { OrganismLabels } from './organism-labels';

export interface TableCount {
  guideline: string;
  year: number;
  count: number;
}

interface DigestRow {
  guideline: string;
  year: number;
  /** The rows that compete for one result (see SPECIFICITY_PARTITION). */
  partition: string;
  drug: string;
  level: string;
  /** `level|CODE`, the way a taxon's groups are looked up. */
  key: string;
  rank: number;
}

const LEVEL_RANK = new Map<string, number>(ORGANISM_LEVELS.map((level, i) => [level, i]));

/**
 * What the search page needs of the breakpoint tables, kept in memory: each guideline's latest
 * table (one row per breakpoint, a few thousand), the years of each guideline, and the way from
 * a taxon to its WHONET organism. The page then answers without touching the database, which on
 * the embedded one would queue behind every other query.
 */
export class BreakpointDigest {
  private readonly byDrug = new Map<string, TableCount[]>();
  private readonly byTaxon = new Map<string, TableCount[]>();

  constructor(
    private readonly rows: readonly DigestRow[],
    readonly years: ReadonlyMap<string, ReadonlyMap<number, number>>,
    private readonly parents: ReadonlyMap<string, string>,
    private readonly currents: ReadonlyMap<string, string>,
    private readonly organisms: ReadonlyMap<string, WhonetOrganism>,
  ) {
    const rowsByDrug = new Map<string, DigestRow[]>();
    for (const row of rows) {
      const list = rowsByDrug.get(row.drug);
      if (list) list.push(row);
      else rowsByDrug.set(row.drug, [row]);
    }
    for (const [drug, list] of rowsByDrug) this.byDrug.set(drug, countBy(list));
  }

  static empty(): BreakpointDigest {
    return new BreakpointDigest([], new Map(), new Map(), new Map(), new Map());
  }

  get guidelines(): string[] {
    return [...this.years.keys()];
  }

  /** The most recent year of a guideline's table (undefined for an unknown guideline). */
  latestYear(guideline: string): number | undefined {
    const years = this.years.get(guideline);
    return years && years.size ? Math.max(...years.keys()) : undefined;
  }

  /** Rows of each guideline's latest table for a drug. */
  drugCounts(code: string): TableCount[] {
    return this.byDrug.get(code) ?? [];
  }

  /** The WHONET organism of a taxon: its own, its accepted name's, else its nearest ancestor's. */
  organismFor(mo: string): WhonetOrganism | undefined {
    const chain = [mo];
    const current = this.currents.get(mo);
    if (current && current !== mo) chain.push(current);
    for (let at = this.parents.get(mo), depth = 0; at && depth < 12; at = this.parents.get(at), depth++) chain.push(at);
    for (const candidate of chain) {
      const organism = this.organisms.get(candidate);
      if (organism) return organism;
    }
    return undefined;
  }

  /** Rows of each guideline's latest table that decide results for a taxon (most specific level per test). */
  taxonCounts(mo: string, labels: OrganismLabels): TableCount[] {
    const known = this.byTaxon.get(mo);
    if (known) return known;
    const counts = this.countForTaxon(mo, labels);
    if (this.byTaxon.size >= 5000) this.byTaxon.clear();
    this.byTaxon.set(mo, counts);
    return counts;
  }

  private countForTaxon(mo: string, labels: OrganismLabels): TableCount[] {
    const organism = this.organismFor(mo);
    if (!organism) return [];
    const groups = organismGroups(organism, labels);
    const keys = new Set(groups.map((g) => `${g.level}|${g.code.toUpperCase()}`));
    const all = groups.some((g) => g.level === 'ALL');
    const best = new Map<string, { rank: number; rows: DigestRow[] }>();
    for (const row of this.rows) {
      if (!(row.level === 'ALL' ? all : keys.has(row.key))) continue;
      const seen = best.get(row.partition);
      if (!seen || row.rank < seen.rank) best.set(row.partition, { rank: row.rank, rows: [row] });
      else if (row.rank === seen.rank) seen.rows.push(row);
    }
    return countBy([...best.values()].flatMap((b) => b.rows));
  }
}

function countBy(rows: readonly DigestRow[]): TableCount[] {
  const counts = new Map<string, TableCount>();
  for (const row of rows) {
    const key = `${row.guideline}|${row.year}`;
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { guideline: row.guideline, year: row.year, count: 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.guideline.localeCompare(b.guideline));
}

export async function loadBreakpointDigest(db: Queryable): Promise<BreakpointDigest> {
  const yearRows = await db.query<{ guideline: string; year: number; count: number }>(
    'SELECT guideline, year, count(*)::int AS count FROM breakpoint GROUP BY guideline, year ORDER BY guideline, year DESC',
  );
  const years = new Map<string, Map<number, number>>();
  for (const row of yearRows) {
    let byYear = years.get(row.guideline);
    if (!byYear) years.set(row.guideline, (byYear = new Map()));
    byYear.set(row.year, row.count);
  }
  const rows = await db.query<{ guideline: string; year: number; method: string; antibiotic_code: string; breakpoint_type: string; host: string; organism_code: string; organism_code_type: string }>(
    `SELECT guideline, year, method, antibiotic_code, breakpoint_type, host, organism_code, organism_code_type FROM breakpoint
      WHERE (guideline, year) IN (SELECT guideline, max(year) FROM breakpoint GROUP BY guideline)`,
  );
  const taxa = await db.query<{ mo: string; parent_mo: string | null; current_mo: string | null }>(
    'SELECT mo, parent_mo, current_mo FROM taxon WHERE parent_mo IS NOT NULL OR (current_mo IS NOT NULL AND current_mo <> mo)',
  );
  const parents = new Map<string, string>();
  const currents = new Map<string, string>();
  for (const t of taxa) {
    if (t.parent_mo) parents.set(t.mo, t.parent_mo);
    if (t.current_mo && t.current_mo !== t.mo) currents.set(t.mo, t.current_mo);
  }
  return new BreakpointDigest(
    rows.map((r) => {
      const level = r.organism_code_type === '' ? 'ALL' : r.organism_code_type;
      return {
        guideline: r.guideline,
        year: r.year,
        partition: [r.guideline, r.year, r.method, r.antibiotic_code, r.breakpoint_type, r.host].join('|'),
        drug: r.antibiotic_code,
        level,
        key: `${level}|${r.organism_code.toUpperCase()}`,
        rank: LEVEL_RANK.get(level) ?? ORGANISM_LEVELS.length - 1,
      };
    }),
    years,
    parents,
    currents,
    await whonetOrganismsByTaxon(db),
  );
}
