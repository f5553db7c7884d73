import { parseCriteria, evaluateCriteria, CriteriaSyntaxError, type Criteria, type CriteriaContext } from './criteria';
import type { IsolateKnowledge } from './knowledge';
import { categoryLabel } from './labels';
import { message, same } from './messages';
import { organismProperties, propertyMatches, type OrganismProperties } from './organism-properties';
import { levelCode, type Organism } from './organisms';
import { isolateAlerts, reportingInstructions, type IsolateAlert, type ReportingOrganism } from './reporting';
import type {
  AstCategory,
  AstResult,
  EucastRuleDefinition,
  EucastRuleResult,
  Localized,
  RuleChange,
  WhonetExpertRuleDefinition,
} from './types';

export interface IsolateResultInput {
  antibiotic: string;
  method?: string;
  value: string | number;
  diskPotency?: string;
  /** Overrides the isolate's site for this result. */
  site?: string;
  /** Caller's key for the result (a form row, a file column), returned unchanged. */
  id?: string;
}

export interface IsolateInput {
  organism: string;
  guideline?: string;
  year?: number;
  host?: string;
  site?: string;
  breakpointType?: string;
  /** Isolate tests read by expert rules: { ESBL: "+", BETA_LACT: "-", MECA_PCR: "+" }. */
  tests?: Readonly<Record<string, string>>;
  results: readonly IsolateResultInput[];
}

export interface IsolateOptions {
  /** Say when the previous years of the guideline give another category. Default true. */
  yearChanges?: boolean;
  /** Expected resistant phenotypes (intrinsic resistance). Default true. */
  expectedResistance?: boolean;
  /** WHONET ExpertInterpretationRules. Default true. */
  whonetExpertRules?: boolean;
  /** The EUCAST expert rules / intrinsic resistance table, for EUCAST interpretations. Default true. */
  eucastRules?: boolean;
  /** Add results for drugs a rule names by code but that were not tested. Default false. */
  inferUntested?: boolean;
}

export interface FiredRule {
  source: RuleChange['source'];
  rule: string;
  description: Localized;
  /** Drug codes whose category the rule changed. */
  changed: string[];
  /** Drug codes the rule added as inferred results. */
  inferred: string[];
}

export type IsolateResult = AstResult & { id?: string };

export interface IsolateInterpretation {
  organism: AstResult['organism'];
  guideline: string;
  year: number | null;
  results: IsolateResult[];
  rules: FiredRule[];
  /** What the results call for next (CRE, MRSA, VRE…), each with its next step. */
  alerts: IsolateAlert[];
}

const RESISTANCE_RANK: Readonly<Record<AstCategory, number>> = {
  S: 0,
  SDD: 1,
  I: 2,
  NS: 3,
  R: 4,
  NI: -1,
  WT: -1,
  NWT: -1,
};

/** EUCAST breakpoint table version N was published in 2010 + N (v11 = 2021). */
function eucastTableYear(version: string): number | null {
  const v = Number.parseFloat(version);
  return Number.isFinite(v) && v >= 1 && v < 100 ? 2010 + Math.floor(v) : null;
}

const eucastVersionCache = new WeakMap<IsolateKnowledge, { tables: Map<number, string>; newest: Map<string, string> }>();

/**
 * Which versions of the EUCAST rules apply. AMR 3.0.0's table keeps every version (expert rules
 * 3.1, 3.2, 3.3; breakpoint tables 10–15): a breakpoint-table rule belongs to its year only, and
 * of the expert rules and expected phenotypes the newest version (3.3, 1.2) replaces the older.
 */
function eucastVersions(kb: IsolateKnowledge): { tables: Map<number, string>; newest: Map<string, string> } {
  let found = eucastVersionCache.get(kb);
  if (found) return found;
  found = { tables: new Map(), newest: new Map() };
  for (const rule of kb.tables.eucastRules ?? []) {
    if (rule.group === 'Breakpoints') {
      const year = eucastTableYear(rule.version);
      const other = year === null ? undefined : found.tables.get(year);
      if (year !== null && (other === undefined || Number.parseFloat(rule.version) > Number.parseFloat(other))) found.tables.set(year, rule.version);
    } else {
      const other = found.newest.get(rule.group);
      if (other === undefined || Number.parseFloat(rule.version) > Number.parseFloat(other)) found.newest.set(rule.group, rule.version);
    }
  }
  eucastVersionCache.set(kb, found);
  return found;
}

const compiledWhonet = new WeakMap<IsolateKnowledge, Array<{ rule: WhonetExpertRuleDefinition; criteria: Criteria }>>();

/** Parses the WHONET rule criteria once per knowledge base; unreadable rules become warnings. */
export function whonetRules(kb: IsolateKnowledge): Array<{ rule: WhonetExpertRuleDefinition; criteria: Criteria }> {
  let compiled = compiledWhonet.get(kb);
  if (!compiled) {
    compiled = [];
    for (const rule of kb.tables.whonetExpertRules ?? []) {
      try {
        compiled.push({ rule, criteria: parseCriteria(rule.criteria) });
      } catch (error) {
        if (!(error instanceof CriteriaSyntaxError)) throw error;
        kb.warnings.push(`WHONET expert rule ${rule.ruleCode} skipped: ${error.message}`);
      }
    }
    compiledWhonet.set(kb, compiled);
  }
  return compiled;
}

/** The results of one isolate and the bookkeeping rules need. */
class IsolateState {
  readonly byDrug = new Map<string, IsolateResult[]>();

  constructor(
    readonly kb: IsolateKnowledge,
    readonly results: IsolateResult[],
    readonly guideline: string,
    readonly year: number | null,
  ) {
    for (const result of results) if (result.antibiotic) this.index(result);
  }

  index(result: IsolateResult): void {
    const code = result.antibiotic!.code;
    const list = this.byDrug.get(code);
    if (list) list.push(result);
    else this.byDrug.set(code, [result]);
  }

  /** Most resistant interpreted category among the drug's results; null when untested or uninterpretable. */
  category(code: string): AstCategory | null {
    let worst: AstCategory | null = null;
    for (const result of this.byDrug.get(code) ?? []) {
      const c = result.category;
      if (c === null || RESISTANCE_RANK[c] < 0) continue;
      if (worst === null || RESISTANCE_RANK[c] > RESISTANCE_RANK[worst]) worst = c;
    }
    return worst;
  }

  label(category: AstCategory | null, tested = true): Localized {
    if (category) return categoryLabel(category, this.guideline, this.year);
    return message(tested ? 'rule.uninterpreted' : 'rule.untested');
  }

  change(result: IsolateResult, to: AstCategory, change: Omit<RuleChange, 'from' | 'to'>): void {
    const from = result.category;
    if (result.originalCategory === undefined) result.originalCategory = from;
    result.category = to;
    if (result.outcome === 'no-breakpoint') result.outcome = 'interpreted';
    result.changes = [...(result.changes ?? []), { ...change, from, to }];
    result.explanation = {
      en: `${result.explanation.en}; ${change.text.en}`,
      zh: `${result.explanation.zh}；${change.text.zh}`,
    };
  }

  infer(code: string, category: AstCategory, source: RuleChange['source'], rule: string, text: Localized): void {
    const antibiotic = this.kb.antibiotic(code);
    if (!antibiotic) return;
    const base = this.results[0];
    const result: IsolateResult = {
      outcome: 'interpreted',
      category,
      reason: 'inferred-by-rule',
      guideline: this.guideline,
      year: this.year,
      method: null,
      breakpointType: base?.breakpointType ?? 'Human',
      value: null,
      organism: base?.organism ?? null,
      antibiotic: { input: code, kind: 'code', matched: code, code, name: antibiotic.name, similarity: 1 },
      breakpoint: null,
      matchedLevel: null,
      site: { requested: null, used: null },
      originalCategory: null,
      changes: [{ source, rule, from: null, to: category, text }],
      inferred: true,
      explanation: text,
      notes: [],
    };
    this.results.push(result);
    this.index(result);
  }
}

function criteriaContext(state: IsolateState, tests: Readonly<Record<string, string>>): CriteriaContext {
  const testsUpper = new Map(Object.entries(tests).map(([k, v]) => [k.toUpperCase(), v]));
  return {
    drugCategory(name) {
      const drug = state.kb.antibiotic(name);
      if (!drug || drug.code !== name.toUpperCase()) return undefined;
      return state.category(drug.code);
    },
    classCategories(name) {
      const codes = state.kb.groups.whonetClass(name);
      if (codes.length === 0) return undefined;
      const categories: AstCategory[] = [];
      for (const code of codes) {
        const c = state.category(code);
        if (c !== null) categories.push(c);
      }
      return categories;
    },
    test(name) {
      return testsUpper.get(name.toUpperCase());
    },
  };
}

function applyWhonetRules(state: IsolateState, organism: Organism, isolate: IsolateInput, options: IsolateOptions): FiredRule[] {
  const fired: FiredRule[] = [];
  const context = criteriaContext(state, isolate.tests ?? {});
  for (const { rule, criteria } of whonetRules(state.kb)) {
    if (levelCode(organism, rule.organismLevel) !== rule.organismCode) continue;
    if (!evaluateCriteria(criteria, context)) continue;
    const exceptions = new Set(rule.antibioticExceptions.map((c) => c.toUpperCase()));
    const record: FiredRule = {
      source: 'whonet-expert-rule',
      rule: rule.ruleCode,
      description: same(rule.description),
      changed: [],
      inferred: [],
    };
    for (const token of rule.affectedAntibiotics) {
      const codes = state.kb.groups.resolveWhonetToken(token);
      const explicit = codes.length === 1 && codes[0] === token.toUpperCase();
      for (const code of codes) {
        if (exceptions.has(code)) continue;
        const results = state.byDrug.get(code);
        const antibiotic = state.kb.antibiotic(code);
        const text = (from: AstCategory | null, tested = true) =>
          message('rule.whonet', {
            rule: rule.ruleCode,
            description: rule.description,
            antibiotic: antibiotic ? state.kb.antibiotics.label(antibiotic) : code,
            from: state.label(from, tested),
            to: state.label('R'),
          });
        if (!results) {
          if (explicit && options.inferUntested) {
            state.infer(code, 'R', 'whonet-expert-rule', rule.ruleCode, text(null, false));
            record.inferred.push(code);
          }
          continue;
        }
        for (const result of results) {
          if (result.outcome === 'error' || result.category === 'R') continue;
          state.change(result, 'R', { source: 'whonet-expert-rule', rule: rule.ruleCode, text: text(result.category) });
          if (!record.changed.includes(code)) record.changed.push(code);
        }
      }
    }
    if (record.changed.length > 0 || record.inferred.length > 0) fired.push(record);
  }
  return fired;
}

function eucastConditionHolds(state: IsolateState, rule: EucastRuleDefinition): boolean {
  return rule.ifAntibiotics.every((token, i) => {
    const wanted: EucastRuleResult = rule.ifValues[i] ?? rule.ifValues[0] ?? 'NA';
    const codes = state.kb.groups.resolveEucastToken(token);
    if (codes.length === 0) return false;
    return codes.some((code) => {
      const category = state.category(code);
      if (wanted === 'NA') return category === null;
      return category === wanted;
    });
  });
}

function ruleName(rule: EucastRuleDefinition): string {
  return `${rule.reference} (${rule.group} ${rule.version})`;
}

function applyEucastRules(
  state: IsolateState,
  organism: Organism,
  options: IsolateOptions,
): FiredRule[] {
  const fired: FiredRule[] = [];
  const properties: OrganismProperties = organismProperties(organism);
  const versions = eucastVersions(state.kb);
  // The breakpoint-table rules of the year's own table (v13.1 for 2023 …), none before the first.
  const tableYears = [...versions.tables.keys()].filter((y) => state.year === null || y <= state.year);
  const table = tableYears.length ? versions.tables.get(Math.max(...tableYears)) : undefined;
  for (const rule of state.kb.tables.eucastRules ?? []) {
    if (rule.group === 'Breakpoints') {
      if (eucastTableYear(rule.version) !== null && rule.version !== table) continue;
    } else if (rule.version !== versions.newest.get(rule.group)) continue;
    if (!propertyMatches(properties[rule.organismProperty] ?? [], rule.operator, rule.value)) continue;
    if (!eucastConditionHolds(state, rule)) continue;
    const name = ruleName(rule);
    const record: FiredRule = { source: 'eucast-rule', rule: name, description: same(name), changed: [], inferred: [] };
    const to: AstCategory | null = rule.toValue === 'NA' ? 'NI' : rule.toValue === '' ? null : rule.toValue;
    for (const token of rule.thenAntibiotics) {
      const codes = state.kb.groups.resolveEucastToken(token);
      const explicit = !state.kb.groups.isEucastGroup(token);
      for (const code of codes) {
        const antibiotic = state.kb.antibiotic(code);
        const params = (from: AstCategory | null, tested = true) => ({
          group: rule.group,
          version: rule.version,
          reference: rule.reference,
          antibiotic: antibiotic ? state.kb.antibiotics.label(antibiotic) : code,
          from: state.label(from, tested),
          to: to === 'NI' ? message('rule.notReported') : to ? state.label(to) : '',
          note: rule.note,
        });
        const results = state.byDrug.get(code);
        if (!results) {
          if (to !== null && to !== 'NI' && explicit && options.inferUntested) {
            state.infer(code, to, 'eucast-rule', name, message('rule.eucast', params(null, false)));
            record.inferred.push(code);
          }
          continue;
        }
        for (const result of results) {
          if (result.outcome === 'error') continue;
          if (to === null) {
            if (rule.note) result.notes = [...result.notes, message('rule.eucast.note', params(result.category))];
            continue;
          }
          if (result.category === to) continue;
          const current = result.category;
          // A rule infers; it does not overrule a measured, more resistant result.
          if (to !== 'NI' && current !== null && RESISTANCE_RANK[current] > RESISTANCE_RANK[to]) {
            result.notes = [...result.notes, message('rule.eucast.kept', params(current))];
            continue;
          }
          state.change(result, to, { source: 'eucast-rule', rule: name, text: message('rule.eucast', params(current)) });
          if (!record.changed.includes(code)) record.changed.push(code);
        }
      }
    }
    if (record.changed.length > 0 || record.inferred.length > 0) fired.push(record);
  }
  return fired;
}

/**
 * Interprets every result of an isolate, then lets the expert rules look at them
 * together: WHONET's rules first, then (for EUCAST interpretations) the EUCAST table.
 */
export function interpretIsolateWith(kb: IsolateKnowledge, isolate: IsolateInput, options: IsolateOptions = {}): IsolateInterpretation {
  const results: IsolateResult[] = isolate.results.map((input) => {
    const result: IsolateResult = kb.interpret(
      {
        organism: isolate.organism,
        antibiotic: input.antibiotic,
        value: input.value,
        ...(input.method !== undefined ? { method: input.method } : {}),
        ...(input.diskPotency !== undefined ? { diskPotency: input.diskPotency } : {}),
        ...(isolate.guideline !== undefined ? { guideline: isolate.guideline } : {}),
        ...(isolate.year !== undefined ? { year: isolate.year } : {}),
        ...(isolate.host !== undefined ? { host: isolate.host } : {}),
        ...((input.site ?? isolate.site) !== undefined ? { site: input.site ?? isolate.site } : {}),
        ...(isolate.breakpointType !== undefined ? { breakpointType: isolate.breakpointType } : {}),
      },
      { expectedResistance: options.expectedResistance !== false },
    );
    return input.id !== undefined ? { ...result, id: input.id } : result;
  });
  const organismMatch = kb.findOrganism(isolate.organism);
  const organism = organismMatch ? kb.organism(organismMatch.code) : undefined;
  const first = results.find((r) => r.year !== null);
  const guideline = first?.guideline ?? kb.breakpoints.guideline(isolate.guideline ?? kb.defaultGuideline) ?? '';
  const year = first?.year ?? isolate.year ?? null;
  const rules: FiredRule[] = [];
  if (organism) {
    const state = new IsolateState(kb, results, guideline, year);
    if (options.whonetExpertRules !== false) rules.push(...applyWhonetRules(state, organism, isolate, options));
    if (options.eucastRules !== false && guideline === 'EUCAST') rules.push(...applyEucastRules(state, organism, options));
  }
  const alerts: IsolateAlert[] = [];
  if (organism) {
    const taxonomy = reportingOrganism(organism);
    for (const result of results) {
      const code = result.antibiotic?.code;
      if (!code) continue;
      const instructions = reportingInstructions(taxonomy, code, result.category, result.guideline);
      if (instructions.length) {
        result.reporting = instructions;
        result.notes = [...result.notes, ...instructions.map((i) => ({ en: `${i.instruction.en} (${i.source})`, zh: `${i.instruction.zh}（${i.source}）` }))];
      }
    }
    alerts.push(
      ...isolateAlerts(
        taxonomy,
        results.map((r) => ({
          antibioticCode: r.antibiotic?.code ?? '',
          category: r.category,
          method: r.method,
          value: r.value?.value ?? null,
          expectedResistant: r.expectedResistance !== undefined,
        })),
      ),
    );
  }
  for (const result of results) {
    // What the category means, where a reader needs more than the letter.
    if (result.category === 'SDD') result.notes = [...result.notes, message('note.sdd')];
    if (result.category === 'I' && result.guideline === 'EUCAST' && result.outcome === 'interpreted') {
      const code = result.antibiotic?.code ?? '';
      const all = (kb.tables.dosages ?? []).filter((d) => d.code === code && d.type === 'high_dosage');
      const newest = Math.max(...all.map((d) => Number(d.version) || 0));
      const high = all.filter((d) => (Number(d.version) || 0) === newest);
      const dose = [...new Set(high.map((d) => `${d.dose} × ${d.times} ${d.administration}`))].join('; ');
      result.notes = [...result.notes, dose ? message('note.eucastIDose', { dose, version: high[0]!.version }) : message('note.eucastI')];
    }
  }
  if (options.yearChanges !== false) {
    for (const [i, result] of results.entries()) {
      const input = isolate.results[i];
      if (!input || result.outcome !== 'interpreted' || result.year === null || result.inferred) continue;
      const change = previousYearChange(kb, isolate, input, result);
      if (change) {
        result.yearChange = change;
        result.notes = [...result.notes, yearChangeNote(result, change)];
      }
    }
  }
  return { organism: organismMatch, guideline, year, results, rules, alerts };
}

/** The organism's genus, family and order as the reporting rules and alerts read them. */
export function reportingOrganism(organism: Organism): ReportingOrganism {
  const t = organism.definition.taxonomy;
  return { name: organism.name, genus: t.genus, family: t.family, order: t.order };
}

/**
 * The nearest earlier year of the same guideline whose breakpoint gives another category, when
 * the year before gives another one or the change is the last one made ("I under CLSI 2025 — was
 * S under CLSI 2022": 2023 changed it, 2024 kept it).
 */
export function previousYearChange(
  kb: IsolateKnowledge,
  isolate: IsolateInput,
  input: IsolateResultInput,
  result: AstResult,
): { year: number; category: AstCategory; changedIn: number } | null {
  if (result.category === null || result.year === null) return null;
  const years = kb.breakpoints.yearsOf(result.guideline, result.breakpointType).filter((y) => y < result.year!);
  let changedIn = result.year;
  for (const year of years) {
    const earlier = kb.interpret(
      {
        organism: isolate.organism,
        antibiotic: result.antibiotic?.code ?? input.antibiotic,
        value: input.value,
        guideline: result.guideline,
        year,
        ...(result.method ? { method: result.method } : {}),
        ...(input.diskPotency !== undefined ? { diskPotency: input.diskPotency } : {}),
        ...(isolate.host !== undefined ? { host: isolate.host } : {}),
        ...((input.site ?? isolate.site) !== undefined ? { site: input.site ?? isolate.site } : {}),
        breakpointType: result.breakpointType,
      },
      { expectedResistance: false },
    );
    if (earlier.outcome !== 'interpreted' || earlier.category === null) return null;
    const now = result.originalCategory ?? result.category;
    if (earlier.category !== now && !(result.expectedResistance !== undefined)) return { year, category: earlier.category, changedIn };
    changedIn = year;
    // Only the most recent change is told; a category unchanged for three editions is stable.
    if (result.year - year >= 3) return null;
  }
  return null;
}

function yearChangeNote(result: AstResult, change: { year: number; category: AstCategory; changedIn: number }): Localized {
  const now = result.originalCategory ?? result.category;
  return {
    en: `${now} under ${result.guideline} ${result.year} — was ${change.category} under ${result.guideline} ${change.year} (breakpoint changed in ${result.guideline} ${change.changedIn})`,
    zh: `按 ${result.guideline} ${result.year} 为 ${now} —— 按 ${result.guideline} ${change.year} 为 ${change.category}（折点于 ${result.guideline} ${change.changedIn} 修订）`,
  };
}
