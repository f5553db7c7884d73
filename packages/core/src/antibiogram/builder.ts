import type { AstCategory, Localized } from '../ast/types';
import {
  M39_DEFAULT_RULES,
  REPORT_EVERYTHING,
  type Antibiogram,
  type AntibiogramCell,
  type AntibiogramCounts,
  type AntibiogramFilter,
  type AntibiogramIsolate,
  type AntibiogramOrganismRow,
  type AntibiogramRules,
  type AntibiogramTable,
  type ReportingPolicy,
  type SusceptibleCount,
} from './types';

/** Categories that are clinical results of a test; WT/NWT (ECOFF) and NI are not. */
const CLINICAL: ReadonlySet<AstCategory> = new Set<AstCategory>(['S', 'SDD', 'I', 'R', 'NS']);

const COUNTED: Record<SusceptibleCount, ReadonlySet<AstCategory>> = {
  S: new Set<AstCategory>(['S']),
  'S+SDD': new Set<AstCategory>(['S', 'SDD']),
  'S+I': new Set<AstCategory>(['S', 'I']),
};

export function countsAsSusceptible(category: AstCategory | null, rule: SusceptibleCount): boolean {
  return category !== null && COUNTED[rule].has(category);
}

export function isClinicalCategory(category: AstCategory | null): category is AstCategory {
  return category !== null && CLINICAL.has(category);
}

const DAY_MS = 86_400_000;

function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function periodOf(isolate: AntibiogramIsolate, rules: AntibiogramRules): string | null {
  if (rules.period === 'all') return 'all';
  return isolate.collectionDate ? isolate.collectionDate.slice(0, 4) : null;
}

/** Earlier collection first; undated isolates after dated ones; then order of arrival. */
function earlier(a: AntibiogramIsolate, b: AntibiogramIsolate): number {
  const da = a.collectionDate;
  const db = b.collectionDate;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da < db ? -1 : 1;
  }
  return a.seq - b.seq;
}

function passes(isolate: AntibiogramIsolate, filter: AntibiogramFilter): boolean {
  if (filter.specimenType?.length && !filter.specimenType.includes(isolate.specimenType ?? '')) return false;
  if (filter.ward?.length && !filter.ward.includes(isolate.ward ?? '')) return false;
  if (filter.setting?.length && !filter.setting.includes(isolate.setting ?? '')) return false;
  return true;
}

/**
 * The cumulative antibiogram of CLSI M39: isolates go in one at a time (a file of any length
 * streams through), the rules decide which count. With the default rule only the first isolate
 * of each patient × organism × period is kept, so memory grows with patients, not with isolates.
 */
export class AntibiogramBuilder {
  readonly rules: AntibiogramRules;
  readonly filter: AntibiogramFilter;
  private readonly policy: ReportingPolicy;
  private readonly counts: AntibiogramCounts = { received: 0, screening: 0, filtered: 0, undated: 0, withoutPatient: 0, repeats: 0, first: 0 };
  /** patient-period: key → the earliest isolate so far. */
  private readonly firstByKey = new Map<string, AntibiogramIsolate>();
  /** episode / all: every candidate, sorted at the end. */
  private readonly candidates: AntibiogramIsolate[] = [];
  private anonymous = 0;

  constructor(rules: Partial<AntibiogramRules> = {}, filter: AntibiogramFilter = {}, policy: ReportingPolicy = REPORT_EVERYTHING) {
    this.rules = { ...M39_DEFAULT_RULES, ...rules };
    this.filter = filter;
    this.policy = policy;
    if (!Number.isInteger(this.rules.minIsolates) || this.rules.minIsolates < 1) throw new RangeError('minIsolates must be a whole number ≥ 1');
    if (!Number.isInteger(this.rules.episodeDays) || this.rules.episodeDays < 1) throw new RangeError('episodeDays must be a whole number ≥ 1');
  }

  add(isolate: AntibiogramIsolate): void {
    this.counts.received++;
    if (this.rules.diagnosticOnly && isolate.screening) {
      this.counts.screening++;
      return;
    }
    if (!passes(isolate, this.filter)) {
      this.counts.filtered++;
      return;
    }
    const period = periodOf(isolate, this.rules);
    if (period === null) {
      this.counts.undated++;
      return;
    }
    let patient = isolate.patientId.trim();
    if (patient === '') {
      this.counts.withoutPatient++;
      patient = `\u0000${this.anonymous++}`;
    }
    if (this.rules.firstIsolate !== 'patient-period') {
      this.candidates.push(patient === isolate.patientId ? isolate : { ...isolate, patientId: patient });
      return;
    }
    const key = `${patient}\u0001${isolate.organism}\u0001${period}`;
    const held = this.firstByKey.get(key);
    if (!held) this.firstByKey.set(key, isolate);
    else if (earlier(isolate, held) < 0) this.firstByKey.set(key, isolate);
  }

  /** The first isolates under the rules, in collection order. */
  firstIsolates(): AntibiogramIsolate[] {
    let first: AntibiogramIsolate[];
    if (this.rules.firstIsolate === 'patient-period') {
      first = [...this.firstByKey.values()].sort(earlier);
    } else if (this.rules.firstIsolate === 'all') {
      first = [...this.candidates].sort(earlier);
    } else {
      // A new episode starts when the isolate is more than episodeDays after the start of the
      // patient's current episode with this organism.
      first = [];
      const episodeStart = new Map<string, number>();
      for (const isolate of [...this.candidates].sort(earlier)) {
        const key = `${isolate.patientId}\u0001${isolate.organism}`;
        const day = isolate.collectionDate ? dayNumber(isolate.collectionDate) : null;
        const start = episodeStart.get(key);
        if (start !== undefined && (day === null || day - start <= this.rules.episodeDays)) continue;
        if (day !== null) episodeStart.set(key, day);
        else if (start === undefined) episodeStart.set(key, Number.POSITIVE_INFINITY);
        first.push(isolate);
      }
    }
    return first;
  }

  build(): Antibiogram {
    const first = this.firstIsolates();
    const kept = this.counts.received - this.counts.screening - this.counts.filtered - this.counts.undated;
    const counts = { ...this.counts, first: first.length, repeats: kept - first.length };
    const byPeriod = new Map<string, AntibiogramIsolate[]>();
    for (const isolate of first) {
      const period = periodOf(isolate, this.rules)!;
      const list = byPeriod.get(period);
      if (list) list.push(isolate);
      else byPeriod.set(period, [isolate]);
    }
    const tables = [...byPeriod.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([period, isolates]) => tabulate(period, isolates, this.rules, this.policy));
    return { rules: { ...this.rules }, filter: this.filter, counts, tables };
  }
}

interface CellTally {
  n: number;
  susceptible: number;
  intrinsic: number;
  guidelines: Set<string>;
}

const GRAM_ORDER: Record<string, number> = { '-': 0, '+': 1, '': 2 };

function tabulate(period: string, isolates: readonly AntibiogramIsolate[], rules: AntibiogramRules, policy: ReportingPolicy): AntibiogramTable {
  const organisms = new Map<string, { name: Localized; gram: '+' | '-' | ''; isolates: number; drugs: Map<string, CellTally> }>();
  for (const isolate of isolates) {
    let row = organisms.get(isolate.organism);
    if (!row) {
      row = { name: isolate.organismName, gram: isolate.gram, isolates: 0, drugs: new Map() };
      organisms.set(isolate.organism, row);
    }
    row.isolates++;
    // One category per drug per isolate: a drug tested twice (disk and MIC) counts once, by
    // its least susceptible result.
    const perDrug = new Map<string, { category: AstCategory; intrinsic: boolean; guideline: string }>();
    for (const result of isolate.results) {
      if (!isClinicalCategory(result.category)) continue;
      const guideline = result.year ? `${result.guideline} ${result.year}` : result.guideline;
      const held = perDrug.get(result.drug);
      if (!held || (countsAsSusceptible(held.category, rules.susceptible) && !countsAsSusceptible(result.category, rules.susceptible))) {
        perDrug.set(result.drug, { category: result.category, intrinsic: result.intrinsic === true, guideline });
      }
    }
    for (const [drug, result] of perDrug) {
      let tally = row.drugs.get(drug);
      if (!tally) {
        tally = { n: 0, susceptible: 0, intrinsic: 0, guidelines: new Set() };
        row.drugs.set(drug, tally);
      }
      tally.n++;
      if (countsAsSusceptible(result.category, rules.susceptible)) tally.susceptible++;
      if (result.intrinsic) tally.intrinsic++;
      if (result.guideline) tally.guidelines.add(result.guideline);
    }
  }
  const rows: AntibiogramOrganismRow[] = [];
  const suppressed: AntibiogramTable['suppressed'] = [];
  for (const [organism, row] of organisms) {
    const cells: AntibiogramCell[] = [];
    for (const [drug, tally] of [...row.drugs.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const note = policy.suppressed(organism, drug, [...tally.guidelines]);
      if (note) {
        suppressed.push({ organism, drug, n: tally.n, note });
        continue;
      }
      // Intrinsic when the expected-resistance rule decided every result of the cell.
      const intrinsic = tally.intrinsic > 0 && tally.intrinsic === tally.n;
      const belowMinimum = tally.n < rules.minIsolates;
      cells.push({
        organism,
        drug,
        n: tally.n,
        susceptible: tally.susceptible,
        percent: intrinsic || belowMinimum ? null : Math.round((1000 * tally.susceptible) / tally.n) / 10,
        belowMinimum,
        intrinsic,
        guidelines: [...tally.guidelines].sort(),
      });
    }
    rows.push({ organism, name: row.name, gram: row.gram, isolates: row.isolates, cells });
  }
  rows.sort((a, b) => GRAM_ORDER[a.gram]! - GRAM_ORDER[b.gram]! || b.isolates - a.isolates || (a.name.en < b.name.en ? -1 : 1));
  return { period, organisms: rows, suppressed };
}

/** Convenience: every isolate through one builder. */
export function buildAntibiogram(
  isolates: Iterable<AntibiogramIsolate>,
  rules: Partial<AntibiogramRules> = {},
  filter: AntibiogramFilter = {},
  policy: ReportingPolicy = REPORT_EVERYTHING,
): Antibiogram {
  const builder = new AntibiogramBuilder(rules, filter, policy);
  for (const isolate of isolates) builder.add(isolate);
  return builder.build();
}
