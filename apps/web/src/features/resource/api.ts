import type { AntibioticRef, BreakpointRow, Envelope, Localized, OrganismGroup, SequenceRow } from '@mdc/contracts';

export type { AntibioticRef, BreakpointRow, Localized, OrganismGroup, SequenceRow };
import { appConfig } from '../../config';
import { api } from '../../lib/http';

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}

export interface TaxonRef {
  id: string;
  name: string;
  nameZh: string | null;
  rank: string;
}

export interface TaxonListItem extends TaxonRef {
  status: string;
  author: string | null;
  kingdom: string | null;
  phylum: string | null;
  family: string | null;
  genus: string | null;
  prevalence: number;
  current: { id: string; name: string } | null;
  statusCorrection: StatusCorrection | null;
}

/** Set when MDC's curated corrections made a record accepted that the AMR list calls a synonym. */
export interface StatusCorrection {
  listedStatus: string;
  listedAuthority: string;
  acceptedAuthority: string;
  gbifId: string;
  reason: Localized;
  source: string[];
}

export interface WhonetInfo {
  code: string;
  name: string;
  nameZh: string | null;
  organismType: string;
  anaerobe: boolean;
  subkingdom: string;
  familyCode: string;
  genusGroup: string;
  genusCode: string;
  speciesGroup: string;
  serovarGroup: string;
  inheritedFrom: TaxonRef | null;
  groups: OrganismGroup[];
}

export interface RuleRow {
  id: number;
  type: RuleType;
  guideline: string;
  source: string;
  organism: { text: string; code: string | null; level: string | null; label: Localized };
  exceptOrganisms: OrganismGroup[];
  antibiotics: AntibioticRef[];
  exceptAntibiotics: string[];
  criteria: string;
  result: string;
  description: string;
  note: string;
}

export type RuleType = 'expected' | 'expert' | 'eucast';

export interface TaxonDetail {
  id: string;
  name: string;
  nameZh: string | null;
  zhAliases: string[];
  rank: string;
  status: string;
  statusCorrection: StatusCorrection | null;
  author: string | null;
  source: string;
  prevalence: number;
  snomed: string[];
  lpsn: { id: string | null; parentId: string | null; renamedTo: string | null; url: string | null };
  gbif: { id: string | null; parentId: string | null; renamedTo: string | null; url: string | null };
  lineage: TaxonRef[];
  current: TaxonRef | null;
  synonyms: { id: string; name: string; author: string | null; status: string }[];
  children: { total: number; list: (TaxonRef & { status: string })[] };
  codes: string[];
  whonet: WhonetInfo | null;
  sequences: { marker: string; count: number }[];
  genomes: { id: number; species: string; strain: string; accession: string; length: number; contigs: number; gcPercent: number; source: string }[];
  breakpoints: { guideline: string; year: number; count: number }[];
  expectedResistance: RuleRow[];
}

export interface BreakpointFiltersEcho {
  /** For an organism code or a taxon: the groups whose rows apply, most specific first. */
  groups?: OrganismGroup[] | null;
  guideline: string | null;
  year: number | null;
  method: string | null;
  organism: string | null;
  taxon: string | null;
  antibiotic: string | null;
  site: string | null;
  type: string | null;
  host: string | null;
}

export interface BreakpointPage extends Page<BreakpointRow> {
  filters: BreakpointFiltersEcho;
  whonetCode?: string | null;
}

export interface FilterOption {
  value: string;
  label: Localized;
  count: number;
}

export interface BreakpointFilterOptions {
  guidelines: { name: string; years: number[]; latestYear: number; count: number }[];
  year: number | null;
  methods: FilterOption[];
  types: FilterOption[];
  hosts: FilterOption[];
  sites: FilterOption[];
  organisms: (OrganismGroup & { count: number })[];
  antibiotics: (AntibioticRef & { count: number })[];
}

export interface AntibioticItem {
  code: string;
  name: string;
  nameZh: string | null;
  zhAliases: string[];
  enAliases: string[];
  otherCodes: string[];
  class: string;
  subclass: string;
  /** The class and subclass in both languages. */
  classLabel: Localized;
  subclassLabel: Localized;
  profClass: string;
  atcCode: string;
  aware: string;
  ciaCategory: string;
  potencies: string[];
  guidelines: string[];
  human: boolean;
  veterinary: boolean;
  breakpointCount: number;
}

export interface AntibioticDetail extends AntibioticItem {
  rows: { line: number; potency: string; guidelines: string; loinc: Record<string, string>; comments: string }[];
  breakpointSummary: { guideline: string; years: number[]; latestYear: number; count: number }[];
  expectedResistanceCount: number;
  qcRangeCount: number;
}

export interface ImportState {
  running: boolean;
  startedAt?: string;
  stage?: 'read' | 'write';
  table?: string;
  done?: number;
  total?: number;
  error?: string;
}

export interface ResourceSummary {
  ready: boolean;
  /** The server has just started and still reads its index: ask again in a moment. */
  starting?: boolean;
  hint: Localized | null;
  importing: ImportState | null;
  lastImport: { importedAt: string; durationMs: number; sourceDir: string } | null;
  counts: {
    taxa: number;
    acceptedTaxa: number;
    species: number;
    genera: number;
    taxonCodes: number;
    whonetOrganisms: number;
    antibiotics: number;
    breakpoints: number;
    guidelines: number;
    expectedResistance: number;
    expertRules: number;
    eucastRules: number;
    qcRanges: number;
    sequences16S: number;
    sequences18S: number;
    /** Fungal ITS references (ITS1, ITS2, whole ITS); absent from a server without them. */
    sequencesITS?: number;
    genomes: number;
    genomeSpecies: number;
    chineseNames: number;
    /** Acquired resistance genes (ResFinder alleles); absent from an older server. */
    resistanceGenes?: number;
  };
}

export const resourcePaths = {
  summary: '/api/resource/summary',
  taxa: '/api/resource/taxa',
  taxon: (id: string) => `/api/resource/taxa/${encodeURIComponent(id)}`,
  taxonSequences: (id: string) => `/api/resource/taxa/${encodeURIComponent(id)}/sequences`,
  taxonFasta: (id: string) => `/api/resource/taxa/${encodeURIComponent(id)}/sequences.fasta`,
  taxonBreakpoints: (id: string) => `/api/resource/taxa/${encodeURIComponent(id)}/breakpoints`,
  antibiotics: '/api/resource/antibiotics',
  antibiotic: (code: string) => `/api/resource/antibiotics/${encodeURIComponent(code)}`,
  breakpoints: '/api/resource/breakpoints',
  breakpointFilters: '/api/resource/breakpoints/filters',
  breakpointExport: '/api/resource/breakpoints/export',
  rules: '/api/resource/rules',
  genes: '/api/resource/genes',
  geneFacets: '/api/resource/genes/facets',
  gene: (name: string) => `/api/resource/genes/${encodeURIComponent(name)}`,
} as const;

export type Params = Record<string, string | number | undefined>;

/** Resource pages handle every outcome themselves (the message shows in the page, not a toast). */
export function getResource<T>(url: string, params: Params | undefined, signal: AbortSignal): Promise<Envelope<T>> {
  return api.get<T>(url, params, { silent: true, signal });
}

/** An address for a plain download (FASTA, CSV, Excel): a link the browser follows itself. */
export function downloadUrl(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const base = appConfig.apiBaseUrl.replace(/\/$/, '');
  const qs = query.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/** A drug ResFinder names, as MDC's drug code. */
export interface GeneDrug {
  code: string;
  name: string;
  nameZh: string | null;
  /** False for a code MDC's drug list lacks (no drug page). */
  listed: boolean;
}

export interface GeneClass {
  value: string;
  label: Localized;
}

export interface AmrfinderRef {
  symbol: string;
  /** "symbol": the same allele; "family": only its family node maps. */
  level: 'symbol' | 'family';
  class: string;
  subclass: string;
  name: string;
}

/** One ResFinder allele of /api/resource/genes. */
export interface GeneItem {
  id: string;
  name: string;
  variant: number;
  accession: string;
  family: string;
  classes: GeneClass[];
  drugs: GeneDrug[];
  otherDrugs: string[];
  mechanism: string;
  mechanismLabel: Localized;
  amrfinder: AmrfinderRef | null;
}

export interface GeneDetail {
  name: string;
  family: string;
  dbClasses: string[];
  classes: GeneClass[];
  drugs: GeneDrug[];
  otherDrugs: string[];
  phenotype: string;
  mechanism: string;
  mechanismLabel: Localized;
  notes: string;
  requiredGene: string;
  pmids: string[];
  variants: { id: string; variant: number; accession: string; length: number; pmids: string[] }[];
  familySize: number;
  amrfinder: AmrfinderRef | null;
  source: { name: string; version: string; licence: string; url: string };
}

export interface GeneFacets {
  classes: (GeneClass & { count: number })[];
  drugs: (GeneDrug & { count: number })[];
  total: number;
}
