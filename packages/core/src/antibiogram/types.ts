import type { AstCategory, Localized } from '../ast/types';

/** Where the patient was when the specimen was taken (WHONET WARD_TYPE / PAT_TYPE). */
export type PatientSetting = 'inpatient' | 'outpatient' | 'emergency' | '';

/** One interpreted drug of an isolate, as the interpretation engine gave it. */
export interface AntibiogramResult {
  /** WHONET drug code (AMP, CIP…). */
  drug: string;
  /** Clinical category; ECOFF categories (WT/NWT) and missing ones count as not tested. */
  category: AstCategory | null;
  guideline: string;
  year: number | null;
  /** The category came from an intrinsic (expected) resistance rule, not from a measurement. */
  intrinsic?: boolean;
}

/** Where an organism sits in the taxonomy: what a phenotype's species scope reads. */
export interface AntibiogramTaxon {
  /** The binomial ("Klebsiella pneumoniae", subspecies rolled up); '' above species ("Proteus sp."). */
  species: string;
  genus: string;
  family: string;
  order: string;
}

/** An isolate with the context M39 needs (WHONET's own fields). */
export interface AntibiogramIsolate {
  /** Order of arrival: ties of collection date keep it, so "first" is reproducible. */
  seq: number;
  /** Empty when unknown: the isolate then stands for its own patient (stated on the report). */
  patientId: string;
  specimenNumber?: string;
  /** Organism key (WHONET code) and what to print for it. */
  organism: string;
  organismName: Localized;
  /** Gram stain for the printed tables: '+', '-', or '' (fungi, unknown). */
  gram: '+' | '-' | '';
  /** The organism's taxonomy; without it no phenotype rate counts the isolate. */
  taxon?: AntibiogramTaxon;
  /** ISO date yyyy-mm-dd of collection, or null when the file has none. */
  collectionDate: string | null;
  specimenType?: string;
  ward?: string;
  setting?: PatientSetting;
  /** Marked as a screening / surveillance specimen (not diagnostic). */
  screening?: boolean;
  /** Alert codes the interpretation raised for this isolate (MRSA, ESBL, CRE, VRE…). */
  alerts?: readonly string[];
  /** Phenotype tests the file records a result of, '+' or '-' (WHONET's ESBL, MRSA columns): a blank is not tested. */
  phenotypeTests?: readonly string[];
  results: readonly AntibiogramResult[];
}

export type FirstIsolateRule =
  /** First isolate of an organism per patient per analysis period (CLSI M39 default). */
  | 'patient-period'
  /** First isolate per patient per episode: a new episode after `episodeDays` days. */
  | 'episode'
  /** Every isolate (for comparison only; M39 advises against it). */
  | 'all';

export type SusceptibleCount =
  /** %S: S alone (SDD and I count as not susceptible). */
  | 'S'
  /** %S+SDD (CLSI: susceptible-dose dependent counted with S). */
  | 'S+SDD'
  /** %S+I: EUCAST "susceptible, increased exposure" counted with S. */
  | 'S+I';

export type AnalysisPeriod = 'year' | 'all';

export interface AntibiogramRules {
  firstIsolate: FirstIsolateRule;
  /** Episode length for the `episode` rule. */
  episodeDays: number;
  /** Leave out isolates marked as screening specimens (diagnostic isolates only). */
  diagnosticOnly: boolean;
  /** Fewer first isolates than this: the percentage is not shown (the count is). */
  minIsolates: number;
  susceptible: SusceptibleCount;
  period: AnalysisPeriod;
}

export const M39_DEFAULT_RULES: Readonly<AntibiogramRules> = Object.freeze({
  firstIsolate: 'patient-period',
  episodeDays: 365,
  diagnosticOnly: true,
  minIsolates: 30,
  susceptible: 'S',
  period: 'year',
});

/** What may be reported of a drug for an organism (selective reporting, from the reporting rules). */
export interface ReportingPolicy {
  /**
   * A note when the drug must not be reported for the organism under the guidelines its cell was
   * read with ("CLSI 2025"); null when it may be.
   */
  suppressed(organism: string, drug: string, guidelines: readonly string[]): Localized | null;
}

export const REPORT_EVERYTHING: ReportingPolicy = { suppressed: () => null };

/** Filters applied before the first-isolate rule (a ward's antibiogram counts the ward's first isolates). */
export interface AntibiogramFilter {
  specimenType?: readonly string[];
  ward?: readonly string[];
  setting?: readonly PatientSetting[];
}

export interface AntibiogramCell {
  organism: string;
  drug: string;
  /** First isolates tested (with a clinical category). */
  n: number;
  /** Of them counted as susceptible under the rule. */
  susceptible: number;
  /** 0–100, one decimal; null when n < minIsolates, or when the cell is intrinsic. */
  percent: number | null;
  /** n below the minimum: shown greyed with n. */
  belowMinimum: boolean;
  /** Intrinsic resistance: shown as such, never as 0 %. */
  intrinsic: boolean;
  /** Every guideline and year the cell's categories came from ("CLSI 2022"). */
  guidelines: string[];
}

export interface AntibiogramOrganismRow {
  organism: string;
  name: Localized;
  gram: '+' | '-' | '';
  /** First isolates of the organism in the period (after filters). */
  isolates: number;
  cells: AntibiogramCell[];
}

export interface SuppressedCell {
  organism: string;
  drug: string;
  n: number;
  note: Localized;
}

export interface AntibiogramTable {
  /** "1995", or "all". */
  period: string;
  organisms: AntibiogramOrganismRow[];
  /** Drugs left out for an organism (selective reporting), each with its note. */
  suppressed: SuppressedCell[];
}

export interface AntibiogramCounts {
  /** Isolates given to the builder. */
  received: number;
  /** Left out as screening specimens. */
  screening: number;
  /** Left out by the filters. */
  filtered: number;
  /** Without a collection date when periods are years (cannot be placed in a period). */
  undated: number;
  /** Without a patient ID: each counted as its own patient. */
  withoutPatient: number;
  /** Left out as repeat isolates by the first-isolate rule. */
  repeats: number;
  /** First isolates counted. */
  first: number;
}

export interface Antibiogram {
  rules: AntibiogramRules;
  filter: AntibiogramFilter;
  counts: AntibiogramCounts;
  tables: AntibiogramTable[];
}
