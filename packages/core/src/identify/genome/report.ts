import type { GenomeCall, GenomeHit } from './identify';
import type { AssemblyStats, QcReport } from './qc';
import type { MlstResult } from '../../mlst';
import type { DrugPrediction } from '../../resistome/predict';

/** A 16S copy of the genome as identified by the 16S engine (positions of the gene in its contig). */
export interface RrnaCopyReport {
  contig: string;
  start: number;
  end: number;
  strand: '+' | '-';
  length: number;
  species: string | null;
  similarity: number | null;
  level: string | null;
  accession: string | null;
  taxonId?: string | null;
  /** The gene's bases (kept while the job runs, not stored). */
  sequence?: string;
}

/** A genome identification as the portal keeps and shows it: the call, references, QC and 16S copies. */
export interface GenomeReport {
  query: { name: string; sampleName: string; stats: AssemblyStats };
  call: GenomeCall;
  hits: (GenomeHit & { taxonId: string | null })[];
  qc: QcReport;
  rrna: {
    found: number;
    /** Whether the 16S references were there to identify the copies. */
    identified: boolean;
    copies: RrnaCopyReport[];
    identityMin: number | null;
    identityMax: number | null;
    topSpecies: { species: string; copies: number }[];
  };
  library: { references: number; species: number; own: number };
  /**
   * MLST of the called species (the analyses run in the genome thread after the call, on the
   * assembly already read; resistance joins them as its own section). Absent on results from
   * before typing existed.
   */
  typing?: GenomeTypingReport;
  /** Acquired genes, point mutations and predicted phenotype (absent on results from before resistance existed). */
  resistance?: GenomeResistanceReport;
  thresholds: Record<string, number>;
  ms: Record<string, number>;
}

/**
 * The sequence type of the genome with its species' PubMLST scheme. `reason` says why there is
 * none: no species called, no scheme for the species, or no schemes on the server.
 */
export interface GenomeTypingReport {
  species: string | null;
  reason: 'typed' | 'no-species-call' | 'no-scheme' | 'no-schemes-installed';
  /** The `mlst`-style result (scheme, ST, status, score, locus calls); null unless typed. */
  mlst: MlstResult | null;
}

/** A resistance gene found in the assembly (ResFinder allele at ResFinder's thresholds). */
export interface ResistanceGeneReport {
  name: string;
  alleles: string[];
  /** ResFinder class (`Beta-lactam`). */
  class: string;
  /** AMR codes. */
  drugs: string[];
  /** Percent. */
  identity: number;
  coverage: number;
  contig: string;
  start: number;
  end: number;
  strand: '+' | '-';
  intrinsic: boolean;
  partial: boolean;
  /** `intrinsic`, `partial`, `allele-tie:A/B` joined by ";". */
  note: string;
}

export interface ResistanceMutationReport {
  gene: string;
  /** `gyrA p.S83L`. */
  name: string;
  class: string;
  drugs: string[];
  contig: string;
  start: number;
  end: number;
  note: string;
}

/**
 * Resistome of the genome: genes and mutations of the called species (acquired genes only without
 * a species call) and the predicted category per drug. `status` is `not-available` when the server
 * has no resistance databases. `key`: the mechanisms a headline names (acquired carbapenemases,
 * ESBLs, AmpCs, then colistin and 16S methylase genes), without `bla`.
 */
export interface GenomeResistanceReport {
  status: 'analysed' | 'not-available';
  species: string | null;
  /** PointFinder scheme used for mutations (null: no scheme for the species, mutations not searched). */
  pointfinderSpecies: string | null;
  genes: ResistanceGeneReport[];
  mutations: ResistanceMutationReport[];
  predictions: DrugPrediction[];
  key: string[];
}
