/** Texts in both languages, as the Resource API sends them. */
export interface Localized {
  zh: string;
  en: string;
}

/** A WHONET organism or group a breakpoint or rule is keyed on (level: WHONET_ORG_CODE, GENUS_CODE, …). */
export interface OrganismGroup {
  level: string;
  code: string;
  label: Localized;
}

export interface AntibioticRef {
  code: string;
  name: string | null;
  nameZh: string | null;
}

/** One row of a breakpoint table, as `/api/resource/breakpoints` and the taxon and drug pages send it. */
export interface BreakpointRow {
  id: number;
  guideline: string;
  year: number;
  method: string;
  potency: string;
  testCode: string;
  organism: OrganismGroup;
  antibiotic: AntibioticRef;
  breakpointType: string;
  breakpointTypeLabel: Localized;
  host: string;
  hostLabel: Localized;
  site: string;
  siteLabel: Localized;
  referenceTable: string;
  s: number | null;
  sdd: string;
  i: string;
  r: number | null;
  ecoff: number | null;
  note: string;
  source: string;
}

/** A reference sequence of a taxon, as `/api/resource/taxa/:id/sequences` lists it. */
export interface SequenceRow {
  marker: string;
  accession: string;
  description: string;
  species: string;
  length: number;
  /** Set when the sequence is a gene of the other marker (found at import): left out of identification. */
  misfiled: { resembles: string; match: { accession: string; species: string; similarity: number } } | null;
}
