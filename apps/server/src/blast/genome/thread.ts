import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import {
  GenomeLibrary,
  assemblyStats,
  find16SCopies,
  identifyGenome,
  prepareQuery,
  sketchFasta,
  sketchGenome,
  sharedArrays,
  unpackSequence,
  type GenomeIdentification,
  type GenomeReference,
  type IdentifyGenomeOptions,
  type RrnaCopy,
  type FastaSketch,
  type SeedArrays,
  type AssemblyStats,
  type GenomeTypingReport,
  type GenomeResistanceReport,
} from '@mdc/core/identify/genome';
import { elementsOf, findResistome, predictDrugs, spectrumOf, type ResistomeResult } from '@mdc/core/resistome';
import { AssemblyError, DEFAULT_ASSEMBLY_LIMITS, gunzip, isGzip, readAssembly, type Assembly, type AssemblyProblem, type LocalizedReason } from '@mdc/refdata/genome';
import { MlstSchemes } from './mlst';
import { loadResistomeReference, ReferenceDataMissing, type ResistomeReferenceData } from '../../resistome/reference';

/** A reference genome to sketch: its packed sequence from the database, or a FASTA file's bytes. */
export interface ReferenceInput {
  id: string;
  species: string;
  strain: string;
  accession: string;
  name: string;
  packed?: Uint8Array;
  fasta?: Uint8Array;
  /** A FASTA file the thread reads itself (files are read in parallel, and not copied between threads). */
  file?: string;
  contigLengths?: number[];
}

/** A sketched reference as threads pass it around: its seeds live in shared memory, sent without a copy. */
export type SharedReference = GenomeReference;

export interface QueryAnswer {
  identification: GenomeIdentification;
  copies: RrnaCopy[];
  /** Reading and sketching the query (ms); the identification's own timings are inside it. */
  readMs: number;
  sketchMs: number;
  /** The analyses of the called species (absent when none were asked for). */
  typing?: GenomeTypingReport;
  resistance?: GenomeResistanceReport;
  analysesMs?: number;
}

/** Analyses a genome job asks for after the call: MLST with the schemes of a folder (REFDATA_DIR/mlst). */
export interface AnalysesRequest {
  mlstDir?: string;
  /** REFDATA_DIR, whose resistome/ holds ResFinder, PointFinder and AMRFinderPlus's catalogue. */
  resistomeDir?: string;
}

export type ToThread =
  | { type: 'sketch'; job: number; inputs: ReferenceInput[] }
  | { type: 'library'; job: number; key: string; references: SharedReference[]; /** Libraries to forget (accounts not seen for long). */ drop?: string[] }
  | { type: 'identify'; job: number; key: string; name: string; bytes: Uint8Array; options?: Partial<IdentifyGenomeOptions>; copies?: boolean; analyses?: AnalysesRequest }
  | { type: 'check'; job: number; name: string; bytes: Uint8Array };

export type FromThread =
  | { type: 'ready' }
  | { type: 'sketched'; job: number; references: SharedReference[] }
  | { type: 'library'; job: number }
  | { type: 'identified'; job: number; answer: QueryAnswer }
  | { type: 'checked'; job: number; stats: AssemblyStats }
  | { type: 'refused'; job: number; problem: AssemblyProblem; texts: LocalizedReason }
  | { type: 'error'; job: number; message: string };

const port = parentPort!;
const libraries = new Map<string, GenomeLibrary>();
/** Schemes read once per thread and folder; each species' typer is built on its first genome. */
const mlstSchemes = new Map<string, MlstSchemes>();

/**
 * The analyses after the species call, on the assembly the call was made from — one pipeline,
 * growing sections. Typing: the MLST of the called species with its scheme (as `mlst` and
 * Kleborate choose it). Resistance (genes, mutations, prediction) is resist(), run beside it.
 */
function analyse(assembly: Assembly, identification: GenomeIdentification, request: AnalysesRequest): GenomeTypingReport | undefined {
  if (!request.mlstDir) return undefined;
  const call = identification.call;
  const species = call.level === 'species' ? call.species : null;
  if (!species) return { species: null, reason: 'no-species-call', mlst: null };
  let schemes = mlstSchemes.get(request.mlstDir);
  if (!schemes) {
    schemes = new MlstSchemes(request.mlstDir);
    mlstSchemes.set(request.mlstDir, schemes);
  }
  if (!schemes.available) return { species, reason: 'no-schemes-installed', mlst: null };
  const names = schemes.forSpecies(species);
  if (names.length === 0) return { species, reason: 'no-scheme', mlst: null };
  const best = schemes.typer(names).type(assembly, { schemes: names }).best ?? null;
  return { species, reason: 'typed', mlst: best };
}

/** Resistance databases read and indexed once per thread and folder (null: not installed). */
const resistomeReferences = new Map<string, ResistomeReferenceData | null>();

const NOT_AVAILABLE = (species: string | null): GenomeResistanceReport => ({ status: 'not-available', species, pointfinderSpecies: null, genes: [], mutations: [], predictions: [], key: [] });
const SPECTRUM_RANK = { carbapenemase: 0, esbl: 1, ampc: 2 } as const;
/** Acquired non-β-lactam genes a microbiologist names in a headline: mobile colistin resistance and 16S rRNA methylases. */
const OTHER_KEY = /^(mcr-|armA|rmt[A-H]|npmA)/;

/** The mechanisms a headline names: acquired carbapenemases, ESBLs, AmpCs (in that order), then mcr and 16S methylases. */
function keyMechanisms(result: ResistomeResult, subclassOf: (symbol: string) => string | undefined): string[] {
  const acquired = result.genes.filter((g) => !g.intrinsic && !g.partial);
  const lactamases = acquired
    .map((g) => ({ name: g.name, spectrum: spectrumOf({ kind: 'gene', symbol: g.name, drugs: g.drugs, subclass: subclassOf(g.name) }) }))
    .filter((g): g is { name: string; spectrum: keyof typeof SPECTRUM_RANK } => g.spectrum !== undefined && g.spectrum in SPECTRUM_RANK)
    .sort((a, b) => SPECTRUM_RANK[a.spectrum] - SPECTRUM_RANK[b.spectrum]);
  const names = [...lactamases.map((g) => g.name.replace(/^bla/, '')), ...acquired.filter((g) => OTHER_KEY.test(g.name)).map((g) => g.name)];
  return [...new Set(names)];
}

/** Genes, mutations and predicted phenotype of the called species (acquired genes only without a call). */
function resist(assembly: Assembly, identification: GenomeIdentification, dir: string): GenomeResistanceReport {
  const call = identification.call;
  const species = call.level === 'species' ? call.species : null;
  let ref = resistomeReferences.get(dir);
  if (ref === undefined) {
    try {
      ref = loadResistomeReference(dir);
    } catch (error) {
      if (!(error instanceof ReferenceDataMissing)) throw error;
      ref = null;
    }
    resistomeReferences.set(dir, ref);
  }
  if (!ref) return NOT_AVAILABLE(species);
  const organism = species ?? undefined;
  const result = findResistome(ref.prepared, assembly, organism);
  const predictions = predictDrugs(elementsOf(result, ref.subclassOf), { organism });
  return {
    status: 'analysed',
    species,
    pointfinderSpecies: result.pointfinderSpecies ?? null,
    genes: result.genes.map((g) => ({
      name: g.name,
      alleles: g.alleles,
      class: g.class,
      drugs: g.drugs,
      identity: g.identity,
      coverage: g.coverage,
      contig: g.contig,
      start: g.start,
      end: g.end,
      strand: g.strand,
      intrinsic: g.intrinsic,
      partial: g.partial,
      note: g.notes.join(';'),
    })),
    mutations: result.mutations.map((m) => ({ gene: m.gene, name: m.name, class: m.class, drugs: m.drugs, contig: m.contig, start: m.start, end: m.end, note: m.notes.join(';') })),
    predictions,
    key: keyMechanisms(result, ref.subclassOf),
  };
}

/**
 * An assembly sketched in one pass (see sketchFasta), or null when the careful reader must look at
 * it. References are sorted straight into shared memory (`sharedArrays`), to be handed to every thread.
 */
function fastSketch(bytes: Uint8Array, name: string, into?: SeedArrays): FastaSketch | null {
  const limits = DEFAULT_ASSEMBLY_LIMITS;
  const text = isGzip(bytes) ? gunzip(bytes, name, limits) : bytes;
  const fast = sketchFasta(text, into);
  return fast && fast.length >= limits.minBases && fast.length <= limits.maxBases && fast.ambiguous <= limits.maxAmbiguous * fast.length ? fast : null;
}

function sketchInput(input: ReferenceInput): SharedReference {
  if (input.file) input = { ...input, fasta: readFileSync(input.file) };
  if (input.fasta) {
    // The fast path reads and sketches in one pass; anything unusual is read the careful way,
    // which refuses bad files with the reason.
    const fast = fastSketch(input.fasta, input.name, sharedArrays);
    if (fast) {
      return {
        id: input.id,
        species: input.species,
        strain: input.strain,
        accession: input.accession,
        length: fast.length,
        gcPercent: (100 * fast.gc) / Math.max(1, fast.length - fast.ambiguous),
        contigs: fast.contigs.length,
        sketch: fast.sketch,
      };
    }
    const assembly = readAssembly(input.fasta, input.name);
    const stats = assemblyStats(assembly);
    return { id: input.id, species: input.species, strain: input.strain, accession: input.accession, length: stats.length, gcPercent: stats.gcPercent, contigs: stats.contigs, sketch: sketchGenome(assembly, { into: sharedArrays }) };
  }
  const codes = unpackSequence(input.packed!);
  const lengths = input.contigLengths ?? [codes.length];
  let start = 0;
  const contigs = lengths.map((length) => {
    const contig = { start, length };
    start += length;
    return contig;
  });
  let gc = 0;
  let ambiguous = 0;
  for (const c of codes) {
    gc += +(c === 1 || c === 2);
    ambiguous += +(c > 3);
  }
  const sketch = sketchGenome({ codes, contigs, length: codes.length }, { into: sharedArrays });
  return {
    id: input.id,
    species: input.species,
    strain: input.strain,
    accession: input.accession,
    length: codes.length,
    gcPercent: (100 * gc) / Math.max(1, codes.length - ambiguous),
    contigs: lengths.length,
    sketch,
  };
}

port.on('message', (message: ToThread) => {
  try {
    if (message.type === 'sketch') {
      const references = message.inputs.map(sketchInput);
      port.postMessage({ type: 'sketched', job: message.job, references } satisfies FromThread);
    } else if (message.type === 'check') {
      // An upload read the careful way before it is accepted (refusals carry their reason).
      const stats = assemblyStats(readAssembly(message.bytes, message.name));
      port.postMessage({ type: 'checked', job: message.job, stats } satisfies FromThread);
    } else if (message.type === 'library') {
      for (const key of message.drop ?? []) libraries.delete(key);
      libraries.set(message.key, new GenomeLibrary(message.references));
      port.postMessage({ type: 'library', job: message.job } satisfies FromThread);
    } else {
      const library = libraries.get(message.key);
      if (!library) throw new Error(`no genome library ${message.key} in this thread`);
      let t = performance.now();
      // Without 16S copies to cut out, the bases are needed for nothing but the sketch: the fast path.
      const fast = message.copies === false ? fastSketch(message.bytes, message.name) : null;
      const assembly = fast ? null : readAssembly(message.bytes, message.name);
      const readMs = performance.now() - t;
      t = performance.now();
      const query = fast ? { sketch: fast.sketch, stats: assemblyStats(fast) } : prepareQuery(assembly!);
      const sketchMs = performance.now() - t;
      const identification = identifyGenome(query, library, message.options);
      const copies = assembly ? find16SCopies(assembly) : [];
      t = performance.now();
      const typing = assembly && message.analyses ? analyse(assembly, identification, message.analyses) : undefined;
      const resistance = assembly && message.analyses?.resistomeDir ? resist(assembly, identification, message.analyses.resistomeDir) : undefined;
      const analysesMs = performance.now() - t;
      port.postMessage({
        type: 'identified',
        job: message.job,
        answer: { identification, copies, readMs, sketchMs, ...(typing ? { typing } : {}), ...(resistance ? { resistance } : {}), ...(typing || resistance ? { analysesMs } : {}) },
      } satisfies FromThread);
    }
  } catch (error) {
    if (error instanceof AssemblyError) {
      port.postMessage({ type: 'refused', job: message.job, problem: error.problem, texts: error.texts } satisfies FromThread);
    } else {
      port.postMessage({ type: 'error', job: message.job, message: error instanceof Error ? error.message : String(error) } satisfies FromThread);
    }
  }
});

port.postMessage({ type: 'ready' } satisfies FromThread);
