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
  unpackSequence,
  type GenomeIdentification,
  type GenomeReference,
  type IdentifyGenomeOptions,
  type RrnaCopy,
  type SeedSketch,
  type FastaSketch,
  type AssemblyStats,
  type GenomeTypingReport,
} from '@mdc/core/identify/genome';
import { AssemblyError, DEFAULT_ASSEMBLY_LIMITS, gunzip, isGzip, readAssembly, type Assembly, type AssemblyProblem, type LocalizedReason } from '@mdc/refdata/genome';
import { MlstSchemes } from './mlst';

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
  analysesMs?: number;
}

/** Analyses a genome job asks for after the call: MLST with the schemes of a folder (REFDATA_DIR/mlst). */
export interface AnalysesRequest {
  mlstDir?: string;
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
 * Kleborate choose it). Resistance (genes, mutations, prediction) belongs beside it here.
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

function shared(array: Uint32Array): Uint32Array {
  const out = new Uint32Array(new SharedArrayBuffer(array.byteLength));
  out.set(array);
  return out;
}

function sharedSketch(sketch: SeedSketch): SeedSketch {
  return { ...sketch, hashes: shared(sketch.hashes), positions: shared(sketch.positions) };
}

/** An assembly sketched in one pass (see sketchFasta), or null when the careful reader must look at it. */
function fastSketch(bytes: Uint8Array, name: string): FastaSketch | null {
  const limits = DEFAULT_ASSEMBLY_LIMITS;
  const text = isGzip(bytes) ? gunzip(bytes, name, limits) : bytes;
  const fast = sketchFasta(text);
  return fast && fast.length >= limits.minBases && fast.length <= limits.maxBases && fast.ambiguous <= limits.maxAmbiguous * fast.length ? fast : null;
}

function sketchInput(input: ReferenceInput): SharedReference {
  if (input.file) input = { ...input, fasta: readFileSync(input.file) };
  if (input.fasta) {
    // The fast path reads and sketches in one pass; anything unusual is read the careful way,
    // which refuses bad files with the reason.
    const fast = fastSketch(input.fasta, input.name);
    if (fast) {
      return {
        id: input.id,
        species: input.species,
        strain: input.strain,
        accession: input.accession,
        length: fast.length,
        gcPercent: (100 * fast.gc) / Math.max(1, fast.length - fast.ambiguous),
        contigs: fast.contigs.length,
        sketch: sharedSketch(fast.sketch),
      };
    }
    const assembly = readAssembly(input.fasta, input.name);
    const stats = assemblyStats(assembly);
    return { id: input.id, species: input.species, strain: input.strain, accession: input.accession, length: stats.length, gcPercent: stats.gcPercent, contigs: stats.contigs, sketch: sharedSketch(sketchGenome(assembly)) };
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
  const sketch = sharedSketch(sketchGenome({ codes, contigs, length: codes.length }));
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
      const analysesMs = performance.now() - t;
      port.postMessage({ type: 'identified', job: message.job, answer: { identification, copies, readMs, sketchMs, ...(typing ? { typing, analysesMs } : {}) } } satisfies FromThread);
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
