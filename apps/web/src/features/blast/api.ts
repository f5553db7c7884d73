import type { Envelope } from '@mdc/contracts';
import { api, http, type RequestOptions } from '../../lib/http';

import type { IdentificationCall, IdentificationMethod } from '@mdc/core/identify';
import type { Confidence, ConfidenceLevel, Hit as EngineHit, Marker } from '@mdc/core/identify/rrna';

export type { Confidence, ConfidenceLevel, IdentificationCall, IdentificationMethod, Marker };
export type TaskStatus = 'running' | 'done' | 'failed';
export type HitSort = 'rank' | 'similarity' | 'score';

export interface Localized {
  zh: string;
  en: string;
}

/** A hit as the API sends it: the engine's, without the alignment (fetched on demand), with the taxon page it links to. */
export interface Hit extends Omit<EngineHit, 'alignment'> {
  taxonId: string | null;
}

/** The stretch of a sequence that was identified, and the unalignable bases left out before and after it. */
export interface Region {
  start: number;
  end: number;
  trimmedStart: number;
  trimmedEnd: number;
}

export type SequenceResult =
  | { ok: true; queryLength: number; strand: '+' | '-'; confidence: Confidence; hits: Hit[]; tiedSpecies: string[]; tiedHits: number; aligned: number; region?: Region }
  | { ok: false; queryLength: number; reason: string; message: Localized; detail: Localized; bestSimilarity?: number };

/** One Sanger chromatogram: its file, tags and what quality trimming cut. */
export interface TraceOrigin {
  fileName: string;
  sampleName: string | null;
  baseTag: string;
  qualityTag: string | null;
  calledLength: number;
  qualityTrim: { start: number; end: number; trimmedStart: number; trimmedEnd: number; errorLimit: number; meanQuality: number } | null;
}

/** A Sanger chromatogram the sequence came from, what quality trimming cut, and the reverse read it was assembled with. */
export interface TraceRead extends TraceOrigin {
  source: 'ab1';
  pair?: { reverse: TraceOrigin; overlapLength: number; identity: number; mismatches: number; gaps: number; resolved: number; consensusLength: number; meanQuality: number };
  unpaired?: { partner: string; overlapLength: number; identity: number };
}

/** A file of an upload the method refused, and why. */
export interface RefusedFile {
  fileName: string;
  reason: Localized;
}

export interface TaskSequence {
  position: number;
  queryId: string;
  description: string;
  length: number;
  read?: TraceRead | null;
  result: SequenceResult | null;
}

export interface TaskSummary {
  id: string;
  method: IdentificationMethod;
  /** 16S/18S tasks: the marker gene (same as method). */
  marker?: Marker;
  /** Sequences, assemblies, spectra or profiles submitted. */
  itemCount: number;
  /** The call of the first identified item, in the method's own measure. */
  call: IdentificationCall | null;
  /** What the method adds to the call in lists. */
  summary?: Record<string, unknown>;
  status: TaskStatus;
  source: 'text' | 'file';
  fileName: string | null;
  sequenceCount: number;
  identifiedCount: number | null;
  createdAt: string;
  finishedAt: string | null;
  error: Localized | null;
  topHit: { species: string; similarity: number; level: ConfidenceLevel } | null;
  /** Files of the same upload that were refused. */
  refused?: RefusedFile[];
}

export interface TaskDetail extends TaskSummary {
  startedAt: string | null;
  anonymous: boolean;
  job: { status: string; attempts: number; maxAttempts: number } | null;
  reference: { version: string; count: number } | null;
  searchMs: number | null;
  pdf: boolean;
  /** 16S/18S: every sequence's result. */
  sequences?: TaskSequence[];
  /** Other methods add their result under their own name (e.g. `genome`). */
  [method: string]: unknown;
}

export interface Alignment {
  query: string;
  match: string;
  reference: string;
  queryStart: number;
  queryEnd: number;
  referenceStart: number;
  referenceEnd: number;
  strand: '+' | '-';
}

export interface Thresholds {
  species: number;
  genus: number;
  family: number;
  speciesMargin: number;
  minCoverage: number;
  minSimilarity: number;
}

/** What /api/blast/info says of one method: reference counts and the method's own limits. */
export interface MethodInfo {
  method: IdentificationMethod;
  references: number;
  species: number;
  [detail: string]: unknown;
}

export interface BlastInfo {
  methods: MethodInfo[];
  markers: { marker: Marker; references: number; species: number }[];
  thresholds: Thresholds;
  markerThresholds?: Record<Marker, Thresholds>;
  errorLimit?: number;
  similarityDefinition: Localized;
  minLength: number;
  maxLength: number;
  maxSequences: number;
}

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}

export interface SubmitAnswer {
  id: string;
  method: IdentificationMethod;
  token: string | null;
  status: TaskStatus;
  itemCount: number;
  sequenceCount?: number;
  /** Every task of a batch for a method that takes one file a task. */
  tasks?: { id: string; token: string | null; fileName: string | null; itemCount: number }[];
  refused?: RefusedFile[];
}

/** What a refused submission carries besides its message. */
export interface SubmitProblem {
  fields?: Record<string, string>;
  reason?: string;
  detail?: Localized;
  position?: number;
  queryId?: string;
  /** Every file refused (a batch where nothing could be identified). */
  refused?: RefusedFile[];
}

export interface HistoryFilter {
  page: number;
  pageSize: number;
  method?: IdentificationMethod;
  status?: TaskStatus;
  from?: string;
  to?: string;
}

const base = '/api/blast';

export const blastApi = {
  info: (options?: RequestOptions) => api.get<BlastInfo>(`${base}/info`, undefined, options),
  sample: (marker: Marker) => api.get<{ marker: Marker; species: string; accession: string; fasta: string }>(`${base}/sample`, { marker }),
  submit: (body: { marker: Marker; sequence?: string; file?: string; fileName?: string }) =>
    api.post<SubmitAnswer | SubmitProblem | null>(`${base}/tasks`, body, { toast: false }) as Promise<Envelope<SubmitAnswer | SubmitProblem | null>>,
  /** Files as they are (FASTA text or binary .ab1 traces), as multipart. */
  submitFiles: async (marker: Marker, files: File[], pairs?: readonly (readonly [string, string])[]): Promise<Envelope<SubmitAnswer | SubmitProblem | null>> => {
    const form = new FormData();
    form.append('method', marker);
    // The reads to assemble, as the dialog shows them (none when the user unpaired them all).
    if (pairs) form.append('pairs', JSON.stringify(pairs));
    for (const file of files) form.append('file', file, file.name);
    const response = await http.post(`${base}/tasks`, form, { timeout: 120_000 });
    return response.data as Envelope<SubmitAnswer | SubmitProblem | null>;
  },
  task: (id: string, options?: RequestOptions) => api.get<TaskDetail | null>(`${base}/tasks/${encodeURIComponent(id)}`, undefined, options),
  alignment: (id: string, position: number, rank: number) =>
    api.get<Alignment | null>(`${base}/tasks/${encodeURIComponent(id)}/alignment`, { position, rank }, { progress: false }),
  history: (filter: HistoryFilter, options?: RequestOptions) => api.get<Page<TaskSummary>>(`${base}/tasks`, { ...filter }, options),
  remove: (id: string, token?: string) => api.post<null>(`${base}/tasks/${encodeURIComponent(id)}/delete`, token ? { token } : {}),
  claim: (tokens: string[]) => api.post<{ claimed: string[] }>(`${base}/claim`, { tokens: tokens.join(',') }, { silent: true }),
};

/**
 * Downloads an export through the HTTP client (so the bearer token goes along) and hands it to
 * the browser as a file. Returns the server's message when it refused (e.g. no CJK font for a PDF).
 */
export async function downloadExport(id: string, kind: 'csv' | 'pdf'): Promise<string | null> {
  // The PDF prints times on the reader's clock.
  const timeZone = kind === 'pdf' ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  const response = await http.get<Blob>(`${base}/tasks/${encodeURIComponent(id)}/export.${kind}`, { responseType: 'blob', ...(timeZone ? { params: { tz: timeZone } } : {}) });
  if (response.status !== 200) {
    try {
      const envelope = JSON.parse(await response.data.text()) as Envelope<unknown>;
      return envelope.msg || `HTTP ${response.status}`;
    } catch {
      return `HTTP ${response.status}`;
    }
  }
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `mdc-blast-${id}.${kind}`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
