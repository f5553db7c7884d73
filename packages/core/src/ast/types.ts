/**
 * Domain types of the AST (antimicrobial susceptibility testing) interpretation
 * engine. The reference tables come in through {@link AstTables}; whoever reads
 * the files (the refdata package) maps its records onto these shapes.
 */

export type TestMethod = 'MIC' | 'DISK';
export type BreakpointType = 'Human' | 'Animal' | 'ECOFF';

/**
 * How a breakpoint or rule names the organisms it covers, most specific first.
 * The engine walks an organism's levels in this order and the first level with
 * rows wins.
 */
export const ORGANISM_LEVELS = [
  'WHONET_ORG_CODE',
  'SPECIES_GROUP',
  'SEROVAR_GROUP',
  'GENUS_CODE',
  'GENUS_GROUP',
  'FAMILY_CODE',
  'ANAEROBE+SUBKINGDOM_CODE',
  'ANAEROBE',
  'SUBKINGDOM_CODE',
  'ALL',
] as const;
export type OrganismLevel = (typeof ORGANISM_LEVELS)[number];

export interface OrganismDefinition {
  /** WHONET organism code (eco, kpn…). Several definitions may share a code (synonyms). */
  code: string;
  name: string;
  /** Current name, or an older synonym of the same code. */
  status: 'current' | 'synonym';
  replacedBy: string | null;
  /** WHONET organism type: "+", "-", "a" (anaerobe), "f" (fungus)… */
  organismType: string;
  anaerobe: boolean;
  /** "+" Gram-positive, "-" Gram-negative, '' unknown / not a bacterium. */
  subkingdom: '' | '+' | '-';
  familyCode: string;
  genusGroup: string;
  genusCode: string;
  speciesGroup: string;
  serovarGroup: string;
  common: boolean;
  taxonomy: {
    kingdom: string;
    phylum: string;
    class: string;
    order: string;
    family: string;
    genus: string;
  };
}

export interface AntibioticDefinition {
  /** WHONET antibiotic code (AMP, CRO…). Several definitions may share a code (one per disk content). */
  code: string;
  name: string;
  /** Other codes used for the drug (WHO, DIN, JAC, EUCAST, user codes). */
  otherCodes: string[];
  atcCode: string;
  class: string;
  subclass: string;
  /** WHONET class code (CEPH3, FQ, CARB…). */
  profClass: string;
  aware: string;
  /** Disk content of this definition ("10µg"), '' when none. */
  potency: string;
  /** Guideline families listing this drug ("CLSI", "EUCAST"…). */
  guidelines: string[];
  clsiOrder: string;
  eucastOrder: string;
  human: boolean;
  veterinary: boolean;
}

export interface BreakpointDefinition {
  guideline: string;
  year: number;
  method: TestMethod;
  /** Disk content as written in the guideline table; '' for MIC. */
  potency: string;
  organismCode: string;
  organismLevel: OrganismLevel;
  type: BreakpointType;
  /** "Human", an animal, or '' (ECOFF rows). */
  host: string;
  /** '' when not site-specific. */
  site: string;
  referenceTable: string;
  antibioticCode: string;
  /** WHONET test code (AMP_ND10), links lab file columns to the breakpoint. */
  testCode: string;
  /** MIC: R ≥ r (mg/L). Disk: R ≤ r (mm). */
  r: number | null;
  /** Intermediate range as written ("15-17"), "-" when the guideline has none. */
  i: string;
  /** Susceptible-dose-dependent range as written, '' when the guideline has none. */
  sdd: string;
  /** MIC: S ≤ s (mg/L). Disk: S ≥ s (mm). */
  s: number | null;
  /** Epidemiological cut-off: wild type ≤ ecoff (MIC) or ≥ ecoff (disk). */
  ecoff: number | null;
  comments: string;
  /** Where the row came from (file line), for traceability. */
  source?: string;
}

export interface ExpectedResistanceDefinition {
  guideline: string;
  referenceTable: string;
  organismCode: string;
  organismLevel: OrganismLevel;
  exceptionOrganismCodes: string[];
  exceptionOrganismLevel: OrganismLevel | null;
  /** WHONET drug code, or an ATC prefix when `antibioticCodeType` is ATC_CODE. */
  antibioticCode: string;
  antibioticCodeType: 'WHONET_ABX_CODE' | 'ATC_CODE';
  antibioticExceptions: string[];
  source?: string;
}

export interface WhonetExpertRuleDefinition {
  ruleCode: string;
  description: string;
  organismCode: string;
  organismLevel: OrganismLevel;
  criteria: string;
  affectedAntibiotics: string[];
  antibioticExceptions: string[];
  source?: string;
}

export type EucastRuleResult = 'S' | 'I' | 'R' | 'NA';

export interface EucastRuleDefinition {
  organismProperty: string;
  operator: 'is' | 'like' | 'one_of';
  value: string;
  ifAntibiotics: string[];
  ifValues: EucastRuleResult[];
  thenAntibiotics: string[];
  toValue: EucastRuleResult | '';
  reference: string;
  group: string;
  version: string;
  note: string;
  source?: string;
}

/** Everything the engine needs, as plain data. */
export interface AstTables {
  organisms: OrganismDefinition[];
  antibiotics: AntibioticDefinition[];
  breakpoints: BreakpointDefinition[];
  expectedResistance?: ExpectedResistanceDefinition[];
  whonetExpertRules?: WhonetExpertRuleDefinition[];
  eucastRules?: EucastRuleDefinition[];
  /** Taxonomy names WHONET lacks, mapped to its organism codes (see organismAliases). */
  organismAliases?: { name: string; code: string }[];
  /** EUCAST dosages behind the breakpoints (AMR dosage.tsv): high dosages explain "I". */
  dosages?: { code: string; type: string; dose: string; times: string; administration: string; version: string }[];
  /** Drug names, abbreviations and codes of other systems (AMR antimicrobials.tsv), mapped to WHONET codes. */
  antibioticAliases?: { name: string; code: string }[];
}

/** Local names (Chinese…) and aliases, mapped to WHONET codes. */
export interface NameMaps {
  /** Local name → WHONET organism code ("大肠埃希菌" → "eco"). The first name per code labels explanations. */
  organisms?: Readonly<Record<string, string>>;
  /** Local name or alias → WHONET antibiotic code ("头孢曲松" → "CRO"). */
  antibiotics?: Readonly<Record<string, string>>;
  /** Labels for organism groups used in explanations ("EBC" → "肠杆菌目"), by group code. */
  organismGroups?: Readonly<Record<string, string>>;
}

export interface KnowledgeBaseOptions {
  names?: NameMaps;
  /** Guideline used when an input names none. Default CLSI. */
  defaultGuideline?: string;
}

// ---- results ----------------------------------------------------------------------------

export type AstCategory = 'S' | 'SDD' | 'I' | 'R' | 'NS' | 'NI' | 'WT' | 'NWT';

export type Localized = { zh: string; en: string };

export type MatchKind =
  | 'code'
  | 'exact'
  | 'case-insensitive'
  | 'abbreviation'
  | 'alias'
  | 'names-map'
  | 'test-code'
  | 'fuzzy';

export interface OrganismMatch {
  input: string;
  kind: MatchKind;
  /** The name (or code) the input matched. */
  matched: string;
  code: string;
  /** Current scientific name of the code. */
  name: string;
  /** 1 for exact matches; for fuzzy ones, 1 − edits / length. */
  similarity: number;
}

export interface AntibioticMatch {
  input: string;
  kind: MatchKind;
  matched: string;
  code: string;
  name: string;
  similarity: number;
  /** What a WHONET test code (AMP_ND10) says about the test. */
  implied?: { method: TestMethod; potency: string; guideline: string };
}

export type Qualifier = '<' | '<=' | '=' | '>=' | '>';

export interface ParsedValue {
  raw: string;
  qualifier: Qualifier;
  value: number;
  /** Normalised display ("≤0.25"). */
  display: string;
}

export interface BreakpointView {
  guideline: string;
  year: number;
  method: TestMethod;
  type: BreakpointType;
  host: string;
  site: string | null;
  potency: string | null;
  referenceTable: string;
  organismCode: string;
  organismLevel: OrganismLevel;
  s: number | null;
  i: string | null;
  sdd: string | null;
  r: number | null;
  ecoff: number | null;
  testCode: string;
  source?: string;
}

export type ResultOutcome = 'interpreted' | 'no-breakpoint' | 'error';

/** Why a result came out the way it did: a stable code for programs, the texts for people. */
export type ResultReason =
  | 'breakpoint'
  | 'ecoff'
  | 'expected-resistance'
  | 'inferred-by-rule'
  | 'qualified-value-spans-categories'
  | 'no-breakpoint-for-antibiotic'
  | 'no-breakpoint-for-method'
  | 'no-breakpoint-for-organism'
  | 'no-breakpoint-for-site'
  | 'ecoff-only'
  | 'breakpoint-without-values'
  | 'wrong-mic'
  | 'wrong-zone-diameter'
  | 'disk-potency-mismatch'
  | 'unknown-organism'
  | 'unknown-antibiotic'
  | 'unknown-method'
  | 'unknown-guideline'
  | 'unknown-year';

export interface RuleChange {
  source: 'whonet-expert-rule' | 'eucast-rule';
  /** Rule code (WHONET) or reference (EUCAST table row). */
  rule: string;
  from: AstCategory | null;
  to: AstCategory;
  text: Localized;
}

export interface AstResult {
  outcome: ResultOutcome;
  category: AstCategory | null;
  reason: ResultReason;
  guideline: string;
  year: number | null;
  method: TestMethod | null;
  breakpointType: BreakpointType;
  value: ParsedValue | null;
  organism: OrganismMatch | null;
  antibiotic: AntibioticMatch | null;
  breakpoint: BreakpointView | null;
  /** The organism level at which the breakpoint row matched. */
  matchedLevel: OrganismLevel | null;
  site: { requested: string | null; used: string | null };
  /** The expected-resistance rule, when one decided the category. */
  expectedResistance?: { guideline: string; referenceTable: string; organismCode: string; level: OrganismLevel; source?: string };
  /** With only an ECOFF available: where the value sits relative to it. */
  ecoffCategory?: 'WT' | 'NWT';
  /** Category before expert rules changed it (isolate interpretation only). */
  originalCategory?: AstCategory | null;
  changes?: RuleChange[];
  /** True for results added by an expert rule for a drug that was not tested. */
  inferred?: boolean;
  explanation: Localized;
  notes: Localized[];
  /** Reporting comments of the guideline that apply (the category is kept; the instruction carried). */
  reporting?: { rule: string; instruction: Localized; source: string }[];
  /** The nearest earlier year of the guideline that gives another category (isolate interpretation). */
  yearChange?: { year: number; category: AstCategory; changedIn: number };
}
