/**
 * @mdc/core/ast — antimicrobial susceptibility test interpretation (CLSI, EUCAST…)
 * from WHONET breakpoint tables, pure and synchronous. Build a knowledge base once
 * from the parsed tables, then interpret single results or whole isolates.
 */
export * from './types';
export {
  KnowledgeBase,
  buildKnowledgeBase,
  breakpointView,
  type AstInput,
  type InterpretOptions,
  type AntibioticWithBreakpoint,
  type KnowledgeBaseStats,
} from './knowledge-base';
export type {
  IsolateInput,
  IsolateResultInput,
  IsolateOptions,
  IsolateInterpretation,
  IsolateResult,
  FiredRule,
} from './isolate';
export { previousYearChange, reportingOrganism } from './isolate';
export {
  REPORTING_RULES,
  isolateAlerts,
  reportingInstructions,
  type AlertId,
  type AlertResult,
  type IsolateAlert,
  type ReportingInstruction,
  type ReportingOrganism,
  type ReportingRule,
} from './reporting';
export type { GuidelineYears, SiteDecision } from './breakpoint-index';
export type { Organism } from './organisms';
export type { Antibiotic } from './antibiotics';
export { ANTIBIOTIC_ALIASES, normalizeAntibioticName, parseTestCode } from './antibiotics';
export { parseLabValue, displayValue, formatNumber, VALID_RANGE, type ValueParse } from './value';
export {
  categorizeClinical,
  categorizeEcoff,
  clinicalCategory,
  ecoffCategory,
  measuredInterval,
  type Categorization,
} from './categorize';
export { parsePotency, samePotency } from './potency';
export { normalizeSite, siteLabelZh, siteOfSpecimen } from './sites';
export { normalizeMethod } from './methods';
export { parseCriteria, evaluateCriteria, CriteriaSyntaxError, type Criteria, type CriteriaContext } from './criteria';
export { MESSAGES, message, type MessageKey } from './messages';
export { CATEGORY_LABELS, CATEGORY_LEGEND, ORGANISM_GROUP_LABELS, categoryLabel } from './labels';
export { boundedEditDistance, FuzzyIndex, type FuzzyHit } from './fuzzy';
export { organismAliases, serovarName, type AliasTaxon, type AliasWhonetOrganism, type OrganismAlias } from './organism-aliases';
export { breakpointHistory, type BreakpointYear } from './history';
