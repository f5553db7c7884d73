import { parentPort, workerData } from 'node:worker_threads';
import {
  buildLibraryEntry,
  buildProteinReference,
  combineEvidence,
  identifyLibraryFree,
  identifySpectrum,
  type CombinedCall,
  type ProteinReference,
  preprocessParameters,
  type IdentifyParameters,
  type LibraryEntry,
  type LibraryEntryInput,
  type LocalizedText,
  type MainSpectrumParameters,
  type Peak,
  type PreprocessParameters,
  type SpectrumIdentification,
} from '@mdc/core/identify/proteome';
import { parseSpectrumUpload, SpectrumFileError, type MaldiSpectrum, type SpectrumLimits, type SpectrumProblem } from '@mdc/refdata/maldi';
import { proteomePdf, type PdfTask, type SpectrumPicture } from './pdf';
import { unpackProteins, type PackedProteins } from './proteins';
import type { LibraryFreeResult } from './schemas';

/** What a page and a task keep of a spectrum as read (no data points). */
export interface SpectrumSummary {
  /** The name as the user knows it: the file, or `plate.zip:0_A1/1/1SLin`. */
  file: string;
  spot: string | null;
  kind: 'profile' | 'peaks';
  format: 'flex' | 'mzml' | 'mzxml' | 'text';
  points: number;
  notes: LocalizedText[];
  instrument: string | null;
}

/** One spectrum identified: the call without its full explanation, the query peaks and a thinned profile for pictures. */
export interface IdentifiedSpectrum {
  summary: SpectrumSummary;
  identification: Omit<SpectrumIdentification, 'explanation' | 'spectrum'>;
  noise: number | null;
  peaksDetected: number;
  peaks: Peak[];
  /**
   * The processed profile thinned for drawing: m/z and intensity interleaved; null for peak lists.
   * A typed array crosses from the thread without a copy (a plate's 96 profiles as nested arrays
   * took the event loop some 70 ms to receive).
   */
  profile: Float64Array | null;
  libraryFree: LibraryFreeResult | null;
  combined: CombinedCall;
}

export interface IdentifyOptions {
  preprocess?: Partial<PreprocessParameters>;
  identify?: Partial<IdentifyParameters>;
  /** Points of the thinned profile kept per spectrum. */
  profilePoints: number;
}

export type ToThread =
  | { type: 'read'; job: number; name: string; bytes: Uint8Array; limits?: SpectrumLimits }
  | {
      type: 'identify';
      job: number;
      name: string;
      bytes: Uint8Array;
      library: LibraryEntry[];
      options: IdentifyOptions;
      /** The theoretical protein masses: the whole table when the thread may not have this version yet, else just the version. */
      proteins: PackedProteins | { version: string } | null;
    }
  | {
      type: 'build';
      job: number;
      files: { name: string; bytes: Uint8Array }[];
      meta: LibraryEntryInput;
      options: { preprocess?: Partial<PreprocessParameters>; mainSpectrum?: Partial<MainSpectrumParameters> };
    }
  | { type: 'pdf'; job: number; task: PdfTask; lang: 'zh' | 'en'; pictures: [number, SpectrumPicture][]; timeZone: string };

export type FromThread =
  | { type: 'ready' }
  | { type: 'read'; job: number; spectra: SpectrumSummary[] }
  | { type: 'identified'; job: number; spectra: IdentifiedSpectrum[]; readMs: number; identifyMs: number }
  | { type: 'built'; job: number; entry: LibraryEntry; replicates: SpectrumSummary[] }
  | { type: 'pdf'; job: number; pdf: Uint8Array }
  | { type: 'refused'; job: number; file: string; problem: SpectrumProblem; texts: LocalizedText }
  | { type: 'error'; job: number; message: string };

// Only in a thread the pool started: tests and tools may import this file inside threads of their own.
const port = (workerData as { proteomeThread?: boolean } | null)?.proteomeThread ? parentPort : null;

function summaryOf(s: MaldiSpectrum): SpectrumSummary {
  const instrument = s.metadata['instrument'] ?? s.metadata['INSTRUM'] ?? null;
  return {
    file: s.file,
    spot: s.spot ?? null,
    kind: s.kind,
    format: s.format,
    points: s.mz.length,
    notes: s.notes,
    instrument: instrument === null ? null : String(instrument),
  };
}

/** Fewer digits where they carry nothing: m/z to 0.01, intensities to 4 significant digits. */
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const significant = (value: number) => (value === 0 ? 0 : Number(value.toPrecision(4)));

function interleave(mz: readonly number[], intensity: readonly number[]): Float64Array {
  const out = new Float64Array(2 * mz.length);
  for (let i = 0; i < mz.length; i++) {
    out[2 * i] = round(mz[i]!, 2);
    out[2 * i + 1] = significant(intensity[i]!);
  }
  return out;
}

/** The thread's protein reference, rebuilt when an import brings another version (about 1 s). */
let proteinReference: { version: string; reference: ProteinReference; genera: Set<string> } | null = null;

function proteinReferenceFor(proteins: PackedProteins | { version: string } | null): { reference: ProteinReference; genera: Set<string> } | null {
  if (!proteins) return null;
  if (proteinReference?.version === proteins.version) return proteinReference;
  if (!('mw' in proteins)) throw new Error('the proteome thread lost its protein masses');
  const reference = buildProteinReference(unpackProteins(proteins), proteins.weights);
  proteinReference = { version: proteins.version, reference, genera: new Set(reference.genera) };
  return proteinReference;
}

/** What a result keeps of the library-free answer: the call and the top candidates with their strongest matches. */
function libraryFreeResult(r: ReturnType<typeof identifyLibraryFree>): LibraryFreeResult {
  return {
    level: r.level,
    genus: r.genus,
    species: r.species,
    genera: r.genera,
    label: r.label,
    score: r.score,
    text: r.text,
    reference: r.reference,
    candidates: r.candidates.map((c) => ({
      genus: c.genus,
      species: c.species,
      score: c.score,
      evidence: round(c.evidence, 2),
      genesMatched: c.genesMatched,
      genesSearched: c.genesSearched,
      matches: c.matches.slice(0, 12),
    })),
  };
}

function identified(spectrum: MaldiSpectrum, library: LibraryEntry[], options: IdentifyOptions, proteins: { reference: ProteinReference; genera: Set<string> } | null): IdentifiedSpectrum {
  const result = identifySpectrum(spectrum, library, {
    ...(options.preprocess ? { preprocess: options.preprocess } : {}),
    ...(options.identify ? { identify: options.identify } : {}),
    keepProfile: options.profilePoints,
  });
  const { explanation: _explanation, spectrum: processed, ...identification } = result;
  const free = proteins && processed.peaks.length > 0 ? identifyLibraryFree(processed.peaks, proteins.reference) : null;
  return {
    libraryFree: free ? libraryFreeResult(free) : null,
    combined: combineEvidence(result, free, proteins?.genera ?? new Set()),
    summary: summaryOf(spectrum),
    identification,
    noise: processed.noise,
    peaksDetected: processed.peaksDetected,
    peaks: processed.peaks.map((p) => ({ mz: p.mz, intensity: p.intensity, ...(p.snr !== undefined ? { snr: round(p.snr, 2) } : {}) })),
    profile: processed.profile ? interleave(processed.profile.mz, processed.profile.intensity) : null,
  };
}

/** Works one message; exported so that the command line and tests can run the same code without a thread. */
export async function work(message: ToThread): Promise<FromThread> {
  try {
    if (message.type === 'read') {
      const spectra = await parseSpectrumUpload(message.bytes, message.name, message.limits);
      return { type: 'read', job: message.job, spectra: spectra.map(summaryOf) };
    }
    if (message.type === 'identify') {
      let t = performance.now();
      const spectra = await parseSpectrumUpload(message.bytes, message.name);
      const readMs = performance.now() - t;
      t = performance.now();
      // Checked once here: a bad override fails the task with a message, not each spectrum.
      if (message.options.preprocess) preprocessParameters(message.options.preprocess);
      const proteins = proteinReferenceFor(message.proteins);
      const out = spectra.map((s) => identified(s, message.library, message.options, proteins));
      return { type: 'identified', job: message.job, spectra: out, readMs, identifyMs: performance.now() - t };
    }
    if (message.type === 'pdf') {
      const pdf = await proteomePdf(message.task, message.lang, new Map(message.pictures), message.timeZone);
      return { type: 'pdf', job: message.job, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
    }
    const replicates: MaldiSpectrum[] = [];
    for (const file of message.files) replicates.push(...(await parseSpectrumUpload(file.bytes, file.name)));
    const entry = buildLibraryEntry(message.meta, replicates, message.options);
    return { type: 'built', job: message.job, entry, replicates: replicates.map(summaryOf) };
  } catch (error) {
    if (error instanceof SpectrumFileError) return { type: 'refused', job: message.job, file: error.file, problem: error.problem, texts: error.text };
    return { type: 'error', job: message.job, message: error instanceof Error ? error.message : String(error) };
  }
}

if (port) {
  port.on('message', (message: ToThread) => {
    void work(message).then((answer) => {
      const transfer =
        answer.type === 'identified'
          ? answer.spectra.flatMap((s) => (s.profile ? [s.profile.buffer as ArrayBuffer] : []))
          : answer.type === 'pdf' && answer.pdf.byteOffset === 0 && answer.pdf.byteLength === answer.pdf.buffer.byteLength
            ? [answer.pdf.buffer as ArrayBuffer]
            : [];
      port.postMessage(answer, transfer);
    });
  });
  port.postMessage({ type: 'ready' } satisfies FromThread);
}
