import { breakpointLimit, breakpointNotation, formatBreakpointValue, offScaleSusceptible, type BreakpointNotation } from '@mdc/contracts';
import type { TestCodeInfo } from './antibiotics';
import { parsePotency, samePotency, type Potency } from './potency';
import { isSystemic, rowAppliesTo, rowExcludes, siteCovers, siteTokens, SYSTEMIC_SITE } from './sites';
import type { BreakpointDefinition, BreakpointType, OrganismLevel, TestMethod } from './types';

/** A breakpoint row with what selection needs precomputed. */
export interface IndexedBreakpoint {
  row: BreakpointDefinition;
  siteTokens: string[];
  potency: Potency | null;
  /** A screening breakpoint (site or table says so). */
  screening: boolean;
  /**
   * S and R as explanations print them ('' when absent), in the guideline's notation: EUCAST's
   * stored R 16 is its published "R > 8", so rText is "8" and `notation` says how to compare.
   */
  sText: string;
  rText: string;
  notation: BreakpointNotation;
  /** The S limit is a place-holder no isolate reaches (EUCAST "S ≤ (0.001)", CLSI's drugs without S). */
  offScale: boolean;
  /** Filled in by the knowledge base on first use: how results show the row and its source. */
  view?: unknown;
  source?: unknown;
}

export interface BreakpointQuery {
  guideline: string;
  year: number;
  type: BreakpointType;
  method: TestMethod;
  antibioticCode: string;
}

/**
 * Rows of one guideline/year/type/method/drug, grouped by the organism key they
 * name, with the choices already made for organism groups: organisms without a
 * row of their own get the same row as every organism sharing their group keys.
 */
export class LevelRows extends Map<string, IndexedBreakpoint[]> {
  /** group key, or '=' and the organism code for an organism with rows of its own → site ('' for none) → disk content ('' for none) → choice. */
  readonly byGroup = new Map<string, Map<string, Map<string, Selection>>>();
}

const NO_YEARS: readonly number[] = Object.freeze([]);

export function levelKey(level: OrganismLevel, code: string): string {
  return `${level}:${code}`;
}

function branch<K, V extends Map<unknown, unknown>>(map: Map<K, V>, key: K): V;
function branch<K>(map: Map<K, Map<unknown, unknown>>, key: K): Map<unknown, unknown> {
  let next = map.get(key);
  if (!next) {
    next = new Map();
    map.set(key, next);
  }
  return next;
}

function comboKey(q: BreakpointQuery): string {
  return `${q.guideline}\u0001${q.year}\u0001${q.type}\u0001${q.method}\u0001${q.antibioticCode}`;
}

function prefixKey(guideline: string, year: number, type: BreakpointType, method: TestMethod): string {
  return `${guideline}\u0001${year}\u0001${type}\u0001${method}`;
}

export interface GuidelineYears {
  guideline: string;
  /** Newest first. */
  years: number[];
  latest: number;
  /** Years per breakpoint type, newest first. */
  byType: Partial<Record<BreakpointType, number[]>>;
}

/**
 * Breakpoints indexed by guideline, year, type, method and drug, then by
 * organism key, so that one interpretation costs a handful of map lookups.
 */
export class BreakpointIndex {
  private readonly combos = new Map<string, LevelRows>();
  /** guideline → year → type → method → drug → rows by organism key; lookups avoid building keys. */
  private readonly tree = new Map<string, Map<number, Map<string, Map<string, Map<string, LevelRows>>>>>();
  private readonly drugsByPrefix = new Map<string, Set<string>>();
  private readonly years = new Map<string, Map<BreakpointType, Set<number>>>();
  private readonly guidelineNames = new Map<string, string>();
  private readonly sortedYears = new Map<string, Map<BreakpointType, number[]>>();
  private readonly guidelineLookups = new Map<string, string | null>();
  readonly testCodes = new Map<string, TestCodeInfo>();

  constructor(rows: readonly BreakpointDefinition[]) {
    for (const row of rows) if (row.antibioticCode !== '') this.add(row);
    for (const [guideline, byType] of this.years) {
      const sorted = new Map<BreakpointType, number[]>();
      for (const [type, years] of byType) sorted.set(type, [...years].sort((a, b) => b - a));
      this.sortedYears.set(guideline, sorted);
    }
  }

  private add(row: BreakpointDefinition): void {
    const key = comboKey({
      guideline: row.guideline,
      year: row.year,
      type: row.type,
      method: row.method,
      antibioticCode: row.antibioticCode,
    });
    let levels = this.combos.get(key);
    if (!levels) {
      levels = new LevelRows();
      this.combos.set(key, levels);
      branch(branch(branch(branch(this.tree, row.guideline), row.year), row.type), row.method).set(row.antibioticCode, levels);
    }
    // PK/PD rows say "ALL" or "Gen": one key for "every organism"
    const code = row.organismLevel === 'ALL' ? 'ALL' : row.organismCode;
    const lk = levelKey(row.organismLevel, code);
    const list = levels.get(lk);
    const indexed: IndexedBreakpoint = {
      row,
      siteTokens: siteTokens(row.site),
      potency: parsePotency(row.potency),
      screening: /screen/i.test(row.site) || /screen/i.test(row.referenceTable),
      sText: row.s === null ? '' : sText(row.guideline, row.method, row.s),
      rText: row.r === null ? '' : formatBreakpointValue(breakpointLimit(row.guideline, row.method, 'r', row.r).value),
      notation: breakpointNotation(row.guideline),
      offScale: row.type !== 'ECOFF' && offScaleSusceptible(row.method, row.s),
    };
    if (list) list.push(indexed);
    else levels.set(lk, [indexed]);

    const prefix = prefixKey(row.guideline, row.year, row.type, row.method);
    let drugs = this.drugsByPrefix.get(prefix);
    if (!drugs) {
      drugs = new Set();
      this.drugsByPrefix.set(prefix, drugs);
    }
    drugs.add(row.antibioticCode);

    let byType = this.years.get(row.guideline);
    if (!byType) {
      byType = new Map();
      this.years.set(row.guideline, byType);
      this.guidelineNames.set(row.guideline.toUpperCase(), row.guideline);
    }
    let years = byType.get(row.type);
    if (!years) {
      years = new Set();
      byType.set(row.type, years);
    }
    years.add(row.year);

    if (row.testCode && !this.testCodes.has(row.testCode.toUpperCase())) {
      this.testCodes.set(row.testCode.toUpperCase(), {
        antibioticCode: row.antibioticCode,
        method: row.method,
        potency: row.potency,
        guideline: row.guideline,
      });
    }
  }

  rows(query: BreakpointQuery): LevelRows | undefined {
    return this.rowsOf(query.guideline, query.year, query.type, query.method, query.antibioticCode);
  }

  /** The same as `rows`, without a query object (called once per interpretation). */
  rowsOf(guideline: string, year: number, type: BreakpointType, method: TestMethod, antibioticCode: string): LevelRows | undefined {
    return this.tree.get(guideline)?.get(year)?.get(type)?.get(method)?.get(antibioticCode);
  }

  drugs(guideline: string, year: number, type: BreakpointType, method: TestMethod): ReadonlySet<string> {
    return this.drugsByPrefix.get(prefixKey(guideline, year, type, method)) ?? new Set();
  }

  /** Canonical spelling of a guideline name ("eucast" → "EUCAST"), or null when absent. */
  guideline(name: string): string | null {
    let canonical = this.guidelineLookups.get(name);
    if (canonical === undefined) {
      canonical = this.guidelineNames.get(name.trim().toUpperCase()) ?? null;
      if (this.guidelineLookups.size < 1_000) this.guidelineLookups.set(name, canonical);
    }
    return canonical;
  }

  /** Years with rows of the type, newest first (shared array: do not modify). */
  yearsOf(guideline: string, type: BreakpointType): readonly number[] {
    return this.sortedYears.get(guideline)?.get(type) ?? NO_YEARS;
  }

  guidelines(): GuidelineYears[] {
    const out: GuidelineYears[] = [];
    for (const [guideline, byType] of this.years) {
      const all = new Set<number>();
      const perType: Partial<Record<BreakpointType, number[]>> = {};
      for (const [type, years] of byType) {
        perType[type] = [...years].sort((a, b) => b - a);
        for (const y of years) all.add(y);
      }
      const years = [...all].sort((a, b) => b - a);
      out.push({ guideline, years, latest: years[0]!, byType: perType });
    }
    return out.sort((a, b) => a.guideline.localeCompare(b.guideline));
  }
}

/** The S limit in a reason: "8"; EUCAST's off-scale one as EUCAST prints it, "(0.001)". */
function sText(guideline: string, method: TestMethod, s: number): string {
  const limit = breakpointLimit(guideline, method, 's', s);
  return limit.offScale && limit.operator !== '' ? `(${formatBreakpointValue(limit.value)})` : String(s);
}

// ---- choosing the row for an organism ----------------------------------------------------

export type SiteDecision =
  | { kind: 'as-requested' }
  | { kind: 'general-used'; requested: string }
  | { kind: 'systemic-default'; used: string }
  | { kind: 'applicable'; requested: string; used: string }
  | { kind: 'deferred'; narrowLevel: OrganismLevel; narrowCode: string; skipped: string }
  | { kind: 'only-site'; used: string };

export type Selection =
  | { kind: 'none' }
  | {
      kind: 'potency-mismatch';
      level: OrganismLevel;
      code: string;
      available: string[];
      example: BreakpointDefinition;
    }
  | {
      /** The guideline has rows for the organism, but only for sites other than the one asked for. */
      kind: 'other-site';
      level: OrganismLevel;
      code: string;
      requested: string;
      rows: readonly IndexedBreakpoint[];
    }
  | {
      kind: 'found';
      breakpoint: BreakpointDefinition;
      entry: IndexedBreakpoint;
      level: OrganismLevel;
      code: string;
      site: SiteDecision;
    };

type SitePick =
  | { how: 'requested'; rows: readonly IndexedBreakpoint[] }
  | { how: 'general'; rows: readonly IndexedBreakpoint[] }
  | { how: 'systemic'; rows: readonly IndexedBreakpoint[]; site: string }
  | { how: 'applicable'; rows: readonly IndexedBreakpoint[]; site: string }
  | { how: 'restricted'; rows: readonly IndexedBreakpoint[]; site: string }
  | { how: 'elsewhere'; rows: readonly IndexedBreakpoint[]; site: string };

/**
 * Within one organism level: the rows for the requested site, else the general (not
 * site-specific) rows, else rows that hold for it without naming it (non-meningitis for a blood
 * isolate, intravenous for a urine one). A row for another site only (uUTI, meningitis, oral,
 * screening…) is never applied to an isolate from a different site: EUCAST's uUTI breakpoints
 * hold for uUTI only. With no site given, the systemic rows (non-meningitis, intravenous…) are
 * preferred, and a row restricted to one site is used as the only one there is, saying so.
 */
function pickSite(rows: readonly IndexedBreakpoint[], site: string | null): SitePick {
  // plain loops, and no copies when every row qualifies: this runs for every interpretation
  if (site !== null && site !== SYSTEMIC_SITE) {
    const requested = keep(rows, (r) => siteCovers(r.siteTokens, site));
    if (requested.length > 0) return { how: 'requested', rows: requested };
  }
  const general = keep(rows, isGeneral);
  if (general.length > 0) return { how: 'general', rows: general };
  if (site === null) {
    const systemic = keep(rows, isSystemicRow);
    if (systemic.length > 0) return { how: 'systemic', rows: systemic, site: systemic[0]!.row.site };
    return { how: 'restricted', rows, site: rows[0]!.row.site };
  }
  const applicable = keep(rows, (r) => rowAppliesTo(r.siteTokens, site));
  if (applicable.length > 0) return { how: 'applicable', rows: applicable, site: applicable[0]!.row.site };
  return { how: 'elsewhere', rows, site: rows[0]!.row.site };
}

function isGeneral(r: IndexedBreakpoint): boolean {
  return r.siteTokens.length === 0;
}

function isSystemicRow(r: IndexedBreakpoint): boolean {
  return isSystemic(r.siteTokens);
}

/** The rows that pass, or the list itself when all of them do. */
function keep(rows: readonly IndexedBreakpoint[], test: (r: IndexedBreakpoint) => boolean): readonly IndexedBreakpoint[] {
  if (rows.length === 1) return test(rows[0]!) ? rows : NO_ROWS;
  let passing = 0;
  for (const r of rows) if (test(r)) passing++;
  if (passing === rows.length) return rows;
  if (passing === 0) return NO_ROWS;
  const out: IndexedBreakpoint[] = [];
  for (const r of rows) if (test(r)) out.push(r);
  return out;
}

const NO_ROWS: readonly IndexedBreakpoint[] = Object.freeze([]);

function filterHost(
  rows: readonly IndexedBreakpoint[],
  type: BreakpointType,
  host: string | null,
): readonly IndexedBreakpoint[] {
  if (type !== 'Animal' || host === null) return rows;
  const wanted = host.trim().toLowerCase();
  const out: IndexedBreakpoint[] = [];
  for (const r of rows) {
    const own = r.row.host.toLowerCase();
    if (own === wanted || own.startsWith(`${wanted} `)) out.push(r);
  }
  return out;
}

export interface SelectionRequest {
  levels: ReadonlyArray<readonly [OrganismLevel, string]>;
  /** `levelKey` of each level, computed once per organism. */
  levelKeys: readonly string[];
  type: BreakpointType;
  host: string | null;
  site: string | null;
  potency: Potency | null;
  /** Disk rows are chosen by potency; MIC rows ignore it. */
  method: TestMethod;
}

function withPotency(rows: readonly IndexedBreakpoint[], request: SelectionRequest): IndexedBreakpoint | null {
  if (request.method !== 'DISK' || request.potency === null) return rows[0] ?? null;
  for (const r of rows) if (r.potency === null || samePotency(r.potency, request.potency)) return r;
  return null;
}

/**
 * The most specific organism level with rows wins. Within it the site decides;
 * when that level only has rows restricted to another site (E. coli fosfomycin:
 * UTI only), a less specific level with a general row is used instead, never the
 * PK/PD "ALL" level (species-only UTI breakpoints are not to be replaced by PK/PD).
 */
const NONE: Selection = Object.freeze({ kind: 'none' });
const AS_REQUESTED: SiteDecision = Object.freeze({ kind: 'as-requested' });

export function selectBreakpoint(levelRows: LevelRows | undefined, request: SelectionRequest): Selection {
  if (!levelRows) return NONE;
  let first: { level: OrganismLevel; code: string; pick: SitePick } | null = null;
  const keys = request.levelKeys;
  for (let i = 0; i < keys.length; i++) {
    const candidates = levelRows.get(keys[i]!);
    if (candidates === undefined) continue;
    const [level, code] = request.levels[i]!;
    const hosted = filterHost(candidates, request.type, request.host);
    if (hosted.length === 0) continue;
    const pick = pickSite(hosted, request.site);
    if (first === null) {
      first = { level, code, pick };
      if (pick.how !== 'restricted' && pick.how !== 'elsewhere') break;
      // The organism's own rows say they are not for this site (S. pneumoniae "Non-meningitis" for a
      // CSF isolate): a broader group's row is not for it either.
      if (pick.how === 'elsewhere' && pick.rows.some((r) => rowExcludes(r.siteTokens, request.site!))) break;
      continue;
    }
    if (level === 'ALL') break;
    if (pick.how === 'requested' || pick.how === 'general' || pick.how === 'applicable') {
      const narrow: SitePick = first.pick;
      return finish(pick.rows, level, code, request, {
        kind: 'deferred',
        narrowLevel: first.level,
        narrowCode: first.code,
        skipped: narrow.how === 'restricted' || narrow.how === 'elsewhere' ? narrow.site : '',
      });
    }
  }
  if (first === null) return NONE;
  const { pick, level, code } = first;
  if (pick.how === 'elsewhere') return { kind: 'other-site', level, code, requested: request.site!, rows: pick.rows };
  const decision: SiteDecision =
    pick.how === 'requested'
      ? AS_REQUESTED
      : pick.how === 'general'
        ? request.site !== null && request.site !== SYSTEMIC_SITE
          ? { kind: 'general-used', requested: request.site }
          : AS_REQUESTED
        : pick.how === 'systemic'
          ? { kind: 'systemic-default', used: pick.site }
          : pick.how === 'applicable'
            ? request.site === SYSTEMIC_SITE
              ? AS_REQUESTED
              : { kind: 'applicable', requested: request.site!, used: pick.site }
            : { kind: 'only-site', used: pick.site };
  return finish(pick.rows, level, code, request, decision);
}

function finish(
  rows: readonly IndexedBreakpoint[],
  level: OrganismLevel,
  code: string,
  request: SelectionRequest,
  site: SiteDecision,
): Selection {
  const chosen = withPotency(rows, request);
  if (!chosen) {
    return {
      kind: 'potency-mismatch',
      level,
      code,
      available: [...new Set(rows.map((r) => r.row.potency).filter((p) => p !== ''))],
      example: rows[0]!.row,
    };
  }
  return { kind: 'found', breakpoint: chosen.row, entry: chosen, level, code, site };
}
