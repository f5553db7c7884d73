import type { GenomeCall, GenomeHit } from './identify';
import type { AssemblyStats, QcReport } from './qc';

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
  thresholds: Record<string, number>;
  ms: Record<string, number>;
}
