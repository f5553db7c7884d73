import {
  AntibiogramBuilder,
  combination,
  describeRules,
  phenotypeRates,
  PHENOTYPES,
  type Antibiogram,
  type AntibiogramCounts,
  type AntibiogramFilter,
  type AntibiogramIsolate,
  type AntibiogramRules,
  type AntibiogramTable,
  type CombinationCell,
  type PhenotypeRate,
} from '@mdc/core/antibiogram';
import type { KnowledgeBase, Localized } from '@mdc/core/ast';
import type { Queryable } from '../../db';
import { AntibiogramSpecies, reportingPolicy } from './from-file';
import { userIsolates } from './store';

export interface TrendSeries {
  organism: string;
  drug: string;
  points: Array<{ period: string; n: number; percent: number | null }>;
}

export interface AntibiogramReport {
  rules: AntibiogramRules;
  statements: Localized[];
  filter: AntibiogramFilter;
  counts: AntibiogramCounts;
  /** The periods the data has (calendar years), oldest first. */
  periods: string[];
  /** The period shown: a year, or "all". */
  period: string;
  table: AntibiogramTable | null;
  drugs: Record<string, Localized>;
  trend: TrendSeries[];
  /** Resistance phenotype rates of every period, each within its definition's species scope. */
  incidence: PhenotypeRate[];
  /** What each phenotype rate means: its species scope, definition and source. */
  phenotypes: PhenotypeText[];
  combination: CombinationCell | null;
}

export interface PhenotypeText {
  code: string;
  label: Localized;
  name: Localized;
  scope: Localized;
  definition: Localized;
  source: string;
}

export interface ReportQuery {
  rules: Partial<AntibiogramRules>;
  filter: AntibiogramFilter;
  /** A year, "all", or undefined for the newest year. */
  period?: string;
  combination?: { organism: string; drugs: [string, string] };
}

/**
 * The report of a user's stored isolates: one pass builds the yearly tables (trend, incidence,
 * the newest year); "all" adds one pass over the same isolates as one period.
 */
export async function antibiogramReport(db: Queryable, kb: KnowledgeBase, userId: number, query: ReportQuery): Promise<AntibiogramReport> {
  const policy = reportingPolicy(kb);
  const species = new AntibiogramSpecies(kb);
  const yearly = new AntibiogramBuilder({ ...query.rules, period: 'year' }, query.filter, policy);
  const whole = query.period === 'all' ? new AntibiogramBuilder({ ...query.rules, period: 'all' }, query.filter, policy) : null;
  for await (const page of userIsolates(db, userId)) {
    for (const stored of page) {
      const isolate = species.of(stored);
      yearly.add(isolate);
      whole?.add(isolate);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const byYear: Antibiogram = yearly.build();
  const periods = byYear.tables.map((t) => t.period);
  const chosen: Antibiogram = whole ? whole.build() : byYear;
  const period = query.period ?? periods[periods.length - 1] ?? 'all';
  const table = chosen.tables.find((t) => t.period === period) ?? null;

  const trend = new Map<string, TrendSeries>();
  for (const t of byYear.tables) {
    for (const row of t.organisms) {
      for (const cell of row.cells) {
        const key = `${row.organism}\u0001${cell.drug}`;
        let series = trend.get(key);
        if (!series) trend.set(key, (series = { organism: row.organism, drug: cell.drug, points: [] }));
        series.points.push({ period: t.period, n: cell.n, percent: cell.percent });
      }
    }
  }
  const drugs: Record<string, Localized> = {};
  for (const t of byYear.tables) {
    for (const row of t.organisms) for (const cell of row.cells) drugs[cell.drug] ??= drugLabel(kb, cell.drug);
    for (const s of t.suppressed) drugs[s.drug] ??= drugLabel(kb, s.drug);
  }
  const first: AntibiogramIsolate[] = (whole ?? yearly).firstIsolates();
  const inPeriod = period === 'all' ? first : first.filter((i) => i.collectionDate?.startsWith(period));
  return {
    rules: chosen.rules,
    statements: describeRules(chosen.rules),
    filter: query.filter,
    counts: chosen.counts,
    periods,
    period,
    table,
    drugs,
    trend: [...trend.values()],
    incidence: phenotypeRates(yearly.firstIsolates(), (i) => i.collectionDate!.slice(0, 4), chosen.rules.minIsolates),
    phenotypes: PHENOTYPES.map(({ code, label, name, scope, definition, source }) => ({ code, label, name, scope, definition, source })),
    combination: query.combination ? combination(inPeriod, query.combination.organism, query.combination.drugs[0], query.combination.drugs[1], chosen.rules) : null,
  };
}

export function drugLabel(kb: KnowledgeBase, code: string): Localized {
  const drug = kb.antibiotic(code);
  return drug ? kb.antibiotics.label(drug) : { en: code, zh: code };
}
