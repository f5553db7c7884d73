import { AntibioticIndex, type Antibiotic } from './antibiotics';
import {
  BreakpointIndex,
  selectBreakpoint,
  type IndexedBreakpoint,
  type GuidelineYears,
  type Selection,
  type SiteDecision,
} from './breakpoint-index';
import { categorizeClinical, categorizeEcoff, clinicalCategory, pointValue, type Categorization } from './categorize';
import { AntibioticGroups } from './classes';
import { ExpectedResistanceIndex } from './expected-resistance';
import {
  interpretIsolateWith,
  whonetRules,
  type IsolateInput,
  type IsolateInterpretation,
  type IsolateOptions,
} from './isolate';
import { categoryLabel, METHOD_LABELS } from './labels';
import { breakpointLimit, breakpointSummary, formatBreakpointValue } from '@mdc/contracts';
import type { AstInput, InterpretOptions, IsolateKnowledge } from './knowledge';
import { interpretedMessage, message, resistantOperator, same } from './messages';
import { normalizeBreakpointType, normalizeMethod } from './methods';
import { OrganismIndex, type Organism } from './organisms';
import { displayPotency, parsePotency, type Potency } from './potency';
import { normalizeSite, siteLabelZh, SYSTEMIC_SITE } from './sites';
import type {
  AntibioticMatch,
  AstCategory,
  AstResult,
  AstTables,
  BreakpointDefinition,
  BreakpointType,
  BreakpointView,
  KnowledgeBaseOptions,
  Localized,
  OrganismLevel,
  OrganismMatch,
  ParsedValue,
  ResultReason,
  TestMethod,
} from './types';
import { formatNumber, inValidRange, parseLabValue } from './value';

export type { AstInput, InterpretOptions } from './knowledge';

export interface AntibioticWithBreakpoint {
  code: string;
  name: string;
  localName?: string;
  breakpoint: BreakpointView;
  matchedLevel: OrganismLevel;
  /** The organism is expected to be resistant under this guideline (intrinsic resistance). */
  expectedResistant: boolean;
}

export interface KnowledgeBaseStats {
  organisms: number;
  antibiotics: number;
  breakpoints: number;
  expectedResistance: number;
  whonetExpertRules: number;
  eucastRules: number;
}

interface Resolved {
  guideline: string;
  year: number;
  type: BreakpointType;
  host: string | null;
  site: string | null;
  organism: Organism;
  organismMatch: OrganismMatch;
  antibiotic: Antibiotic;
  antibioticMatch: AntibioticMatch;
  method: TestMethod;
  potency: string | null;
  value: ParsedValue;
  notes: Localized[];
}

export class KnowledgeBase implements IsolateKnowledge {
  readonly organisms: OrganismIndex;
  readonly antibiotics: AntibioticIndex;
  readonly breakpoints: BreakpointIndex;
  readonly groups: AntibioticGroups;
  readonly expected: ExpectedResistanceIndex;
  readonly defaultGuideline: string;
  readonly stats: KnowledgeBaseStats;
  /** Problems found while building (names mapping to unknown codes, unreadable rule criteria…). */
  readonly warnings: string[];
  private readonly potencies = new Map<string, Potency | null>();

  constructor(
    readonly tables: AstTables,
    options: KnowledgeBaseOptions = {},
  ) {
    this.breakpoints = new BreakpointIndex(tables.breakpoints);
    this.organisms = new OrganismIndex(tables.organisms, options.names?.organisms, options.names?.organismGroups, tables.organismAliases);
    this.antibiotics = new AntibioticIndex(tables.antibiotics, options.names?.antibiotics, this.breakpoints.testCodes, tables.antibioticAliases);
    this.groups = new AntibioticGroups(this.antibiotics);
    this.expected = new ExpectedResistanceIndex(tables.expectedResistance ?? [], this.groups);
    this.defaultGuideline = this.breakpoints.guideline(options.defaultGuideline ?? 'CLSI') ?? options.defaultGuideline ?? 'CLSI';
    this.warnings = [...this.organisms.warnings, ...this.antibiotics.warnings];
    this.stats = {
      organisms: this.organisms.size,
      antibiotics: this.antibiotics.size,
      breakpoints: tables.breakpoints.length,
      expectedResistance: tables.expectedResistance?.length ?? 0,
      whonetExpertRules: tables.whonetExpertRules?.length ?? 0,
      eucastRules: tables.eucastRules?.length ?? 0,
    };
    whonetRules(this);
  }

  guidelines(): GuidelineYears[] {
    return this.breakpoints.guidelines();
  }

  findOrganism(text: string): OrganismMatch | null {
    return this.organisms.find(text);
  }

  findAntibiotic(text: string): AntibioticMatch | null {
    return this.antibiotics.find(text);
  }

  organism(code: string): Organism | undefined {
    return this.organisms.get(code);
  }

  antibiotic(code: string): Antibiotic | undefined {
    return this.antibiotics.get(code);
  }

  // ---- one result -----------------------------------------------------------------------

  interpret(input: AstInput, options: InterpretOptions = {}): AstResult {
    const resolved = this.resolve(input);
    if ('error' in resolved) return resolved.error;
    return this.interpretResolved(resolved, options);
  }

  interpretIsolate(isolate: IsolateInput, options: IsolateOptions = {}): IsolateInterpretation {
    return interpretIsolateWith(this, isolate, options);
  }

  /** Default year for a guideline and breakpoint type: the latest in the data. */
  latestYear(guideline: string, type: BreakpointType = 'Human'): number | null {
    const canonical = this.breakpoints.guideline(guideline);
    if (!canonical) return null;
    return this.breakpoints.yearsOf(canonical, type)[0] ?? null;
  }

  private failure(
    reason: ResultReason,
    explanation: Localized,
    partial: Partial<AstResult>,
  ): { error: AstResult } {
    return { error: errorResult(reason, explanation, partial) };
  }

  private resolve(input: AstInput): Resolved | { error: AstResult } {
    const notes: Localized[] = [];
    const host = input.host?.trim() || null;
    // an animal host asks for veterinary breakpoints unless a type is given
    const type = normalizeBreakpointType(input.breakpointType) ?? (host !== null && !HUMAN.has(host.toLowerCase()) ? 'Animal' : 'Human');
    const guidelineInput = input.guideline ?? this.defaultGuideline;
    const guideline = this.breakpoints.guideline(guidelineInput);
    if (!guideline) {
      const available = this.guidelines()
        .map((g) => g.guideline)
        .join(', ');
      return this.failure('unknown-guideline', message('error.guideline', { input: guidelineInput, available }), {
        guideline: guidelineInput,
        breakpointType: type,
      });
    }
    const years = this.breakpoints.yearsOf(guideline, type);
    const year = input.year ?? years[0];
    if (year === undefined || !years.includes(year)) {
      return this.failure(
        'unknown-year',
        message('error.year', { guideline, year: input.year ?? '', type, available: years.join(', ') }),
        { guideline, breakpointType: type, year: input.year ?? null },
      );
    }
    const organismFound = this.organisms.resolve(input.organism);
    if (!organismFound) {
      return this.failure('unknown-organism', message('error.organism', { input: input.organism }), {
        guideline,
        breakpointType: type,
        year,
      });
    }
    const { match: organismMatch, organism } = organismFound;
    if (organismMatch.kind === 'fuzzy') {
      notes.push(message('note.fuzzyOrganism', { input: input.organism, name: organism.name }));
    }
    const antibioticFound = this.antibiotics.resolve(input.antibiotic);
    if (!antibioticFound) {
      return this.failure('unknown-antibiotic', message('error.antibiotic', { input: input.antibiotic }), {
        guideline,
        breakpointType: type,
        year,
        organism: organismMatch,
      });
    }
    const { match: antibioticMatch, antibiotic } = antibioticFound;
    if (antibioticMatch.kind === 'fuzzy') {
      notes.push(message('note.fuzzyAntibiotic', { input: input.antibiotic, name: antibiotic.name }));
    }
    const method = normalizeMethod(input.method) ?? (input.method ? null : (antibioticMatch.implied?.method ?? null));
    if (!method) {
      return this.failure('unknown-method', message('error.method', { input: input.method ?? '' }), {
        guideline,
        breakpointType: type,
        year,
        organism: organismMatch,
        antibiotic: antibioticMatch,
      });
    }
    const parsed = parseLabValue(input.value);
    const unitMismatch = parsed.ok && parsed.unit !== null && parsed.unit !== (method === 'MIC' ? 'mg/L' : 'mm');
    if (!parsed.ok || unitMismatch || !inValidRange(method, parsed.value.value)) {
      const raw = String(input.value ?? '');
      const partial = { guideline, breakpointType: type, year, method, organism: organismMatch, antibiotic: antibioticMatch };
      // Why it is wrong, in the reader's terms: not a number, negative, or outside the range.
      const why = !parsed.ok
        ? parsed.problem === 'negative'
          ? 'negative'
          : 'notNumber'
        : unitMismatch
          ? 'unit'
          : parsed.value.value < 0
            ? 'negative'
            : 'range';
      return method === 'MIC'
        ? this.failure('wrong-mic', message(`error.wrongMic.${why}`, { raw }), partial)
        : this.failure('wrong-zone-diameter', message(`error.wrongZone.${why}`, { raw }), partial);
    }
    if (parsed.combination) notes.push(message('note.combination', { raw: parsed.value.raw }));
    let site: string | null = null;
    if (input.site !== undefined && input.site.trim() !== '') {
      site = normalizeSite(input.site);
      if (site === null) notes.push(message('note.site.unknown', { input: input.site }));
    }
    const potency = input.diskPotency?.trim() || antibioticMatch.implied?.potency || null;
    const resolved: Resolved = {
      guideline,
      year,
      type,
      host: type === 'Animal' ? host : null,
      site,
      organism,
      organismMatch,
      antibiotic,
      antibioticMatch,
      method,
      potency: method === 'DISK' ? potency : null,
      value: parsed.value,
      notes,
    };
    // A code two systems give to different drugs: the one with a breakpoint for this organism.
    const alternatives = antibioticMatch.kind === 'code' ? this.antibiotics.alternativesOf(antibiotic.code) : [];
    if (alternatives.length > 0 && this.select(resolved, type).kind !== 'found') {
      for (const alternative of alternatives) {
        const candidate: Resolved = { ...resolved, antibiotic: alternative, antibioticMatch: { ...antibioticMatch, kind: 'alias', code: alternative.code, name: alternative.name } };
        if (this.select(candidate, type).kind === 'found') {
          notes.push(
            message('note.ambiguousCode', {
              input: input.antibiotic,
              chosen: alternative.name,
              other: antibiotic.name,
              organism: organism.name,
            }),
          );
          return candidate;
        }
      }
    }
    return resolved;
  }

  /**
   * The row for an organism and query. Results repeat the same combinations
   * (a lab reports the same drugs for the same species all day), so the choice
   * is remembered.
   */
  private select(r: Resolved, type: BreakpointType): Selection {
    const rows = this.breakpoints.rowsOf(r.guideline, r.year, type, r.method, r.antibiotic.code);
    if (!rows) return NONE;
    const organism = r.organism;
    // Remembered per site and disk content (not for animal hosts, which are rare): for an
    // organism with rows of its own under its code, else under its group, since an organism
    // without a row of its own gets what its group gets.
    const remembered = r.host === null;
    let bySite: Map<string, Map<string, Selection>> | undefined;
    let byPotency: Map<string, Selection> | undefined;
    if (remembered) {
      // '=' keeps organism codes apart from group keys, which start with a level name.
      const key = rows.has(organism.levelKeys[0]!) ? `=${organism.code}` : organism.groupKey;
      bySite = rows.byGroup.get(key);
      if (!bySite) {
        bySite = new Map();
        rows.byGroup.set(key, bySite);
      }
      byPotency = bySite.get(r.site ?? '');
      if (!byPotency) {
        byPotency = new Map();
        bySite.set(r.site ?? '', byPotency);
      }
      const cached = byPotency.get(r.potency ?? '');
      if (cached) return cached;
    }
    const selection = selectBreakpoint(rows, {
      levels: organism.levels,
      levelKeys: organism.levelKeys,
      type,
      host: r.host,
      site: r.site,
      potency: r.potency === null ? null : this.potency(r.potency),
      method: r.method,
    });
    if (byPotency && byPotency.size < 100) byPotency.set(r.potency ?? '', selection);
    return selection;
  }

  private potency(text: string): Potency | null {
    let potency = this.potencies.get(text);
    if (potency === undefined) {
      potency = parsePotency(text);
      if (this.potencies.size < 10_000) this.potencies.set(text, potency);
    }
    return potency;
  }

  private interpretResolved(r: Resolved, options: InterpretOptions): AstResult {
    const selection = this.select(r, r.type);
    const found = selection.kind === 'found' ? selection : null;
    const notes = r.notes;
    if (found) this.selectionNotes(found, notes);

    if (options.expectedResistance !== false && r.type !== 'ECOFF') {
      const rule = this.expected.find(r.guideline, r.organism, r.antibiotic.code);
      if (rule) {
        if (found) notes.push(message('note.expectedWithBreakpoint'));
        const result = this.result(r, found, 'interpreted', 'R', 'expected-resistance', this.expectedExplanation(r, rule), notes);
        result.expectedResistance = {
          guideline: rule.guideline,
          referenceTable: rule.referenceTable,
          organismCode: rule.organismCode,
          level: rule.organismLevel,
          ...(rule.source ? { source: rule.source } : {}),
        };
        return result;
      }
    }

    if (selection.kind === 'potency-mismatch') {
      const explanation = message('error.potency', {
        given: r.potency ?? '',
        expected: selection.available.map(displayPotency).join(', '),
        source: this.sourceLabel(r, selection.level, selection.code),
      });
      return this.result(r, null, 'error', null, 'disk-potency-mismatch', explanation, notes);
    }
    if (selection.kind === 'other-site') return this.noBreakpointForSite(r, selection, notes);
    if (!found) return this.noBreakpoint(r, notes);

    const bp = found.breakpoint;
    if (r.type === 'ECOFF') {
      if (bp.ecoff === null) return this.emptyRow(r, found, notes);
      return this.categorized(r, found, categorizeEcoff(r.method, r.value, bp.ecoff), notes);
    }
    if (bp.s === null && bp.r === null) return this.emptyRow(r, found, notes);
    if (r.value.qualifier === '=') {
      // a plain value is one point: no interval to build
      const point = pointValue(r.method, r.value.value);
      const category = clinicalCategory(r.method, point, bp);
      if (category !== null) return this.pointResult(r, found, category, point, notes);
    }
    return this.categorized(r, found, categorizeClinical(r.method, r.value, bp), notes);
  }

  private pointResult(r: Resolved, found: Found, category: AstCategory, point: number, notes: Localized[]): AstResult {
    const bp = found.breakpoint;
    const adjusted = point !== r.value.value;
    if (adjusted) {
      notes.push(
        message(r.method === 'MIC' ? 'note.rounded.mic' : 'note.rounded.disk', {
          from: formatNumber(r.value.value),
          to: formatNumber(point),
        }),
      );
    }
    const explanation = interpretedMessage(
      interpretedKey(r.method, category, found.entry),
      adjusted ? formatNumber(point) : r.value.display,
      found.entry.sText,
      found.entry.rText,
      '',
      this.foundSource(r, found),
      categoryLabel(category, r.guideline, r.year),
      found.entry.notation,
    );
    return this.result(r, found, 'interpreted', category, 'breakpoint', explanation, notes);
  }

  private result(
    r: Resolved,
    found: Found | null,
    outcome: AstResult['outcome'],
    category: AstCategory | null,
    reason: ResultReason,
    explanation: Localized,
    notes: Localized[],
  ): AstResult {
    return {
      outcome,
      category,
      reason,
      guideline: r.guideline,
      year: r.year,
      method: r.method,
      breakpointType: r.type,
      value: r.value,
      organism: r.organismMatch,
      antibiotic: r.antibioticMatch,
      breakpoint: found ? this.view(found) : null,
      matchedLevel: found ? found.level : null,
      site: { requested: r.site, used: found ? found.breakpoint.site || null : null },
      explanation,
      notes,
    };
  }

  private view(found: Found): BreakpointView {
    return (found.entry.view ??= breakpointView(found.breakpoint)) as BreakpointView;
  }

  private selectionNotes(found: Found, notes: Localized[]): void {
    if (found.site.kind !== 'as-requested') notes.push(this.siteNote(found.site, this.organisms.groupLabel(found.level, found.code)));
    if (found.level === 'ALL') notes.push(message('note.pkpd'));
    if (found.entry.screening) notes.push(message('note.screen'));
  }

  private siteNote(decision: Exclude<SiteDecision, { kind: 'as-requested' }>, group: Localized): Localized {
    switch (decision.kind) {
      case 'general-used':
        return message('note.site.general', { site: requestedSiteLabel(decision.requested) });
      case 'systemic-default':
        return message('note.site.systemic', { used: siteLabel(decision.used) });
      case 'only-site':
        return message('note.site.only', { used: siteLabel(decision.used) });
      case 'applicable':
        return message('note.site.applicable', { site: requestedSiteLabel(decision.requested), used: siteLabel(decision.used) });
      case 'deferred':
        return message('note.site.deferred', {
          narrow: this.organisms.groupLabel(decision.narrowLevel, decision.narrowCode),
          skipped: siteLabel(decision.skipped),
          group,
        });
    }
  }

  private expectedExplanation(r: Resolved, rule: { guideline: string; referenceTable: string }): Localized {
    return message('result.expected', {
      organism: this.organisms.label(r.organism),
      antibiotic: this.antibiotics.label(r.antibiotic),
      guideline: rule.guideline,
      table: rule.referenceTable,
      category: categoryLabel('R', r.guideline, r.year),
    });
  }

  private sourceLabel(r: Resolved, level: OrganismLevel, code: string): Localized {
    return message('source', { guideline: r.guideline, year: r.year, group: this.organisms.groupLabel(level, code) });
  }

  /**
   * "EUCAST 2022, Enterobacterales" for a row, with its site when it has one
   * ("…, Non-meningitis"); the same for every result that uses the row.
   */
  private foundSource(r: Resolved, found: Found): Localized {
    const site = found.breakpoint.site;
    return (found.entry.source ??= site
      ? message('source.site', {
          guideline: r.guideline,
          year: r.year,
          group: this.organisms.groupLabel(found.level, found.code),
          site: siteLabel(site),
        })
      : this.sourceLabel(r, found.level, found.code)) as Localized;
  }

  private categorized(r: Resolved, found: Found, outcome: Categorization, notes: Localized[]): AstResult {
    const bp = found.breakpoint;
    const source = this.foundSource(r, found);
    const adjusted = outcome.interval.adjusted;
    if (adjusted) {
      notes.push(
        message(r.method === 'MIC' ? 'note.rounded.mic' : 'note.rounded.disk', {
          from: formatNumber(adjusted.from),
          to: formatNumber(adjusted.to),
        }),
      );
    }
    const reason: ResultReason = r.type === 'ECOFF' ? 'ecoff' : 'breakpoint';
    if (outcome.kind === 'spans') {
      const explanation = message('result.spans', {
        measure: this.measure(r),
        from: outcome.from ? categoryLabel(outcome.from, r.guideline, r.year) : '?',
        to: outcome.to ? categoryLabel(outcome.to, r.guideline, r.year) : '?',
        s: bp.s !== null ? limitText(bp.guideline, bp.method, 's', bp.s) : (bp.ecoff ?? '—'),
        r: bp.r !== null ? limitText(bp.guideline, bp.method, 'r', bp.r) : '—',
        source,
        category: categoryLabel('NI', r.guideline, r.year),
      });
      return this.result(r, found, 'interpreted', 'NI', 'qualified-value-spans-categories', explanation, notes);
    }
    if (outcome.kind === 'undecided') {
      const explanation = message('result.undecided', {
        measure: this.measure(r),
        r: bp.r !== null ? limitText(bp.guideline, bp.method, 'r', bp.r) : '—',
        source,
        category: categoryLabel('NI', r.guideline, r.year),
      });
      return this.result(r, found, 'interpreted', 'NI', reason, explanation, notes);
    }
    const category = outcome.category;
    const key = interpretedKey(r.method, category, found.entry);
    const explanation = message(key, {
      value: adjusted ? formatNumber(adjusted.to) : r.value.display,
      s: bp.s === null ? '' : found.entry.sText,
      r: found.entry.rText,
      op: resistantOperator(key, found.entry.notation),
      ecoff: bp.ecoff ?? '',
      source,
      category: categoryLabel(category, r.guideline, r.year),
    });
    return this.result(r, found, 'interpreted', category, reason, explanation, notes);
  }

  private measure(r: Resolved): Localized {
    return message(r.method === 'MIC' ? 'measure.mic' : 'measure.disk', { value: r.value.display });
  }

  private emptyRow(r: Resolved, found: Found, notes: Localized[]): AstResult {
    const explanation = message('result.emptyRow', {
      guideline: r.guideline,
      year: r.year,
      antibiotic: this.antibiotics.label(r.antibiotic),
      group: this.organisms.groupLabel(found.level, found.code),
    });
    return this.result(r, found, 'no-breakpoint', null, 'breakpoint-without-values', explanation, notes);
  }

  private noBreakpoint(r: Resolved, notes: Localized[]): AstResult {
    const ecoff = r.type === 'Human' ? this.ecoffOnly(r, notes) : null;
    if (ecoff) return ecoff;
    const antibiotic = this.antibiotics.label(r.antibiotic);
    const methodLabel = METHOD_LABELS[r.method];
    const other: TestMethod = r.method === 'MIC' ? 'DISK' : 'MIC';
    if (this.breakpoints.drugs(r.guideline, r.year, r.type, r.method).has(r.antibiotic.code)) {
      const explanation = message('result.noBreakpoint.organism', {
        guideline: r.guideline,
        year: r.year,
        method: methodLabel,
        antibiotic,
        organism: this.organisms.label(r.organism),
      });
      return this.result(r, null, 'no-breakpoint', null, 'no-breakpoint-for-organism', explanation, notes);
    }
    if (this.breakpoints.drugs(r.guideline, r.year, r.type, other).has(r.antibiotic.code)) {
      const explanation = message('result.noBreakpoint.method', {
        guideline: r.guideline,
        year: r.year,
        method: methodLabel,
        antibiotic,
        other: METHOD_LABELS[other],
      });
      return this.result(r, null, 'no-breakpoint', null, 'no-breakpoint-for-method', explanation, notes);
    }
    const explanation = message('result.noBreakpoint.antibiotic', {
      guideline: r.guideline,
      year: r.year,
      antibiotic,
      type: r.type === 'Human' ? { en: 'clinical', zh: '临床' } : r.type,
    });
    return this.result(r, null, 'no-breakpoint', null, 'no-breakpoint-for-antibiotic', explanation, notes);
  }

  /**
   * The organism has breakpoints for the drug, but only for other sites (EUCAST 2025 cefazolin in
   * Enterobacterales: uUTI only, asked for a blood isolate): no category, the rows that do exist,
   * and what the lab can do instead.
   */
  private noBreakpointForSite(r: Resolved, selection: Extract<Selection, { kind: 'other-site' }>, notes: Localized[]): AstResult {
    const seen = new Set<string>();
    const sites: Localized[] = [];
    const rows: Localized[] = [];
    const texts: string[] = [];
    for (const entry of selection.rows) {
      const row = entry.row;
      const text = breakpointSummary(breakpointView(row));
      const key = `${row.site}\u0001${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const site = siteLabel(row.site);
      if (!sites.some((s) => s.en === site.en)) sites.push(site);
      rows.push({ en: `${site.en}: ${text}`, zh: `${site.zh}：${text}` });
      texts.push(text);
    }
    // one site: its name is already in the sentence
    const shown = sites.length === 1 ? [...new Set(texts)].map(same) : rows;
    const joined = (list: Localized[], en: string, zh: string): Localized => ({ en: list.map((l) => l.en).join(en), zh: list.map((l) => l.zh).join(zh) });
    const explanation = message('result.noBreakpoint.site', {
      site: requestedSiteLabel(selection.requested),
      guideline: r.guideline,
      year: r.year,
      method: METHOD_LABELS[r.method],
      antibiotic: this.antibiotics.label(r.antibiotic),
      group: this.organisms.groupLabel(selection.level, selection.code),
      sites: joined(sites, ' or ', '或'),
      rows: joined(shown, '; ', '；'),
      measure: r.method === 'MIC' ? { en: 'MIC', zh: 'MIC 值' } : { en: 'zone diameter', zh: '抑菌圈直径' },
    });
    return this.result(r, null, 'no-breakpoint', null, 'no-breakpoint-for-site', explanation, notes);
  }

  private ecoffOnly(r: Resolved, notes: Localized[]): AstResult | null {
    const selection = this.select(r, 'ECOFF');
    if (selection.kind !== 'found' || selection.breakpoint.ecoff === null) return null;
    const bp = selection.breakpoint;
    const ecoff = bp.ecoff!;
    const outcome = categorizeEcoff(r.method, r.value, ecoff);
    const wt = outcome.kind === 'category' ? (outcome.category as 'WT' | 'NWT') : undefined;
    const explanation = message('result.ecoffOnly', {
      guideline: r.guideline,
      year: r.year,
      ecoff,
      antibiotic: this.antibiotics.label(r.antibiotic),
      group: this.organisms.groupLabel(selection.level, selection.code),
      measure: this.measure(r),
      wt: categoryLabel(wt ?? 'NI', r.guideline, r.year),
    });
    const result = this.result(r, selection, 'no-breakpoint', null, 'ecoff-only', explanation, notes);
    result.site = { requested: r.site, used: null };
    if (wt) result.ecoffCategory = wt;
    return result;
  }

  // ---- what the lab form needs ----------------------------------------------------------

  /**
   * Drugs with a usable breakpoint for the organism and method under a guideline
   * and year (defaults: the knowledge base's guideline, its latest year), in the
   * guideline's usual reporting order.
   */
  antibioticsWithBreakpoints(
    organismText: string,
    methodText: string,
    guidelineText?: string,
    year?: number,
    options: { breakpointType?: string; site?: string; host?: string } = {},
  ): AntibioticWithBreakpoint[] {
    const match = this.organisms.find(organismText);
    const organism = match && this.organisms.get(match.code);
    const method = normalizeMethod(methodText);
    const type = normalizeBreakpointType(options.breakpointType) ?? 'Human';
    const guideline = this.breakpoints.guideline(guidelineText ?? this.defaultGuideline);
    if (!organism || !method || !guideline) return [];
    const chosenYear = year ?? this.breakpoints.yearsOf(guideline, type)[0];
    if (chosenYear === undefined) return [];
    const site = normalizeSite(options.site);
    const out: AntibioticWithBreakpoint[] = [];
    for (const code of this.breakpoints.drugs(guideline, chosenYear, type, method)) {
      const selection = selectBreakpoint(
        this.breakpoints.rows({ guideline, year: chosenYear, type, method, antibioticCode: code }),
        { levels: organism.levels, levelKeys: organism.levelKeys, type, host: options.host ?? null, site, potency: null, method },
      );
      if (selection.kind !== 'found') continue;
      const bp = selection.breakpoint;
      const usable = type === 'ECOFF' ? bp.ecoff !== null : bp.s !== null || bp.r !== null;
      if (!usable) continue;
      const antibiotic = this.antibiotics.get(code);
      const local = this.antibiotics.localNameOf(code);
      out.push({
        code,
        name: antibiotic?.name ?? code,
        ...(local ? { localName: local } : {}),
        breakpoint: breakpointView(bp),
        matchedLevel: selection.level,
        expectedResistant: type !== 'ECOFF' && this.expected.find(guideline, organism, code) !== null,
      });
    }
    const orderOf = (code: string) => {
      const a = this.antibiotics.get(code);
      return (guideline === 'EUCAST' ? a?.eucastOrder || a?.clsiOrder : a?.clsiOrder) || '99';
    };
    return out.sort((a, b) => orderOf(a.code).localeCompare(orderOf(b.code)) || a.name.localeCompare(b.name));
  }
}

type Found = Extract<Selection, { kind: 'found' }>;

const NONE: Selection = { kind: 'none' };
const HUMAN = new Set(['human', 'humans', '人', '人类']);

function siteLabel(site: string): Localized {
  return { en: site, zh: siteLabelZh(site) };
}

/** The site a user asked for (a token), as a reason names it. */
function requestedSiteLabel(token: string): Localized {
  return token === SYSTEMIC_SITE ? { en: 'a systemic infection (blood, not site-specific)', zh: '全身感染（血液，不限部位）' } : siteLabel(token);
}

/** "≤ 2", "> 8": a limit as the guideline prints it. */
function limitText(guideline: string, method: string, which: 's' | 'r', value: number): string {
  const limit = breakpointLimit(guideline, method, which, value);
  if (limit.offScale) return limit.operator ? `${limit.operator} (${formatBreakpointValue(limit.value)})` : limit.text;
  return `${limit.operator} ${formatBreakpointValue(limit.value)}`;
}

function interpretedKey(method: TestMethod, category: AstCategory, entry?: IndexedBreakpoint) {
  const m = method === 'MIC' ? 'mic' : 'disk';
  // CLSI prints no S where its place-holder sits (colistin: I ≤ 2, R ≥ 4): no S limit to compare with
  if (m === 'mic' && (category === 'I' || category === 'SDD') && entry?.offScale && entry.notation === 'clsi') return 'interpreted.mic.noS' as const;
  switch (category) {
    case 'S':
    case 'R':
    case 'NS':
    case 'WT':
    case 'NWT':
      return `interpreted.${m}.${category}` as const;
    default:
      return `interpreted.${m}.between` as const;
  }
}

const views = new WeakMap<BreakpointDefinition, BreakpointView>();

/** The row as results show it; one frozen view per row, shared by all results that use it. */
export function breakpointView(bp: BreakpointDefinition): BreakpointView {
  let view = views.get(bp);
  if (!view) {
    view = Object.freeze(makeView(bp));
    views.set(bp, view);
  }
  return view;
}

function makeView(bp: BreakpointDefinition): BreakpointView {
  return {
    guideline: bp.guideline,
    year: bp.year,
    method: bp.method,
    type: bp.type,
    host: bp.host,
    site: bp.site || null,
    potency: bp.potency ? displayPotency(bp.potency) : null,
    referenceTable: bp.referenceTable,
    organismCode: bp.organismCode,
    organismLevel: bp.organismLevel,
    s: bp.s,
    i: bp.i || null,
    sdd: bp.sdd || null,
    r: bp.r,
    ecoff: bp.ecoff,
    testCode: bp.testCode,
    ...(bp.source ? { source: bp.source } : {}),
  };
}

function errorResult(reason: ResultReason, explanation: Localized, partial: Partial<AstResult>): AstResult {
  return {
    outcome: 'error',
    category: null,
    reason,
    guideline: '',
    year: null,
    method: null,
    breakpointType: 'Human',
    value: null,
    organism: null,
    antibiotic: null,
    breakpoint: null,
    matchedLevel: null,
    site: { requested: null, used: null },
    explanation,
    notes: [],
    ...partial,
  };
}

export function buildKnowledgeBase(tables: AstTables, options: KnowledgeBaseOptions = {}): KnowledgeBase {
  return new KnowledgeBase(tables, options);
}
