import type { Envelope, Locale } from '@mdc/contracts';
import { api, http, type RequestOptions } from '../../lib/http';
import type { IsolateTests } from './values';

export type Localized = Record<Locale, string>;

export interface Choice {
  value: string;
  label: Localized;
}

export interface LabOptions {
  ready: boolean;
  hint: Localized | null;
  defaultGuideline: string;
  guidelines: Array<{ guideline: string; years: number[]; latest: number }>;
  sampleTypes: Choice[];
  sites: Choice[];
  siteForSample: Record<string, string>;
  methods: Choice[];
}

export interface OrganismSuggestion {
  code: string;
  name: string;
  nameZh: string | null;
  matched: string | null;
  corrected: boolean;
}

export interface BreakpointRow {
  guideline: string;
  year: number;
  method: string;
  type: string;
  host: string;
  site: string | null;
  potency: string | null;
  referenceTable: string;
  organismCode: string;
  organismLevel: string;
  s: number | null;
  i: string | null;
  sdd: string | null;
  r: number | null;
  ecoff: number | null;
  testCode: string;
  source?: string;
}

export interface DrugProposal {
  code: string;
  name: string;
  nameZh: string | null;
  usual: boolean;
  expectedResistant: boolean;
  potency: string | null;
  breakpoint: BreakpointRow;
  breakpointText: string;
  matchedLevel: string;
  matchedGroup: Localized;
}

export interface DrugProposals {
  organism: { code: string; name: string; nameZh: string | null } | null;
  guideline: string | null;
  year: number | null;
  list: DrugProposal[];
}

export interface RuleChange {
  source: string;
  rule: string;
  from: string | null;
  to: string;
  text: Localized;
}

export interface ResultItem {
  position: number;
  antibioticInput: string;
  antibiotic: { code: string; name: string; nameZh: string | null } | null;
  method: string | null;
  value: string;
  potency: string;
  outcome: string;
  reason: string;
  category: string | null;
  originalCategory: string | null;
  guideline: string | null;
  year: number | null;
  breakpoint: BreakpointRow | null;
  breakpointText: string;
  matchedLevel: string | null;
  matchedGroup: Localized | null;
  explanation: Localized;
  notes: Localized[];
  changes: RuleChange[];
  expectedResistance: { guideline: string; referenceTable: string; organismCode: string; level: string; source?: string } | null;
  siteUsed: string | null;
  inferred: boolean;
}

export type ExperimentStatus = 'running' | 'done' | 'failed';

export interface ExperimentItem {
  /** The opaque reference the experiment is addressed by. */
  id: string;
  /** Its number among the user's own experiments: #1, #2… */
  number: number;
  kind: 'single' | 'batch';
  status: ExperimentStatus;
  sampleName: string;
  sampleType: string;
  sampleTypeLabel: Localized;
  organism: { input: string; code: string | null; name: string | null; nameZh: string | null };
  method: string | null;
  site: string;
  siteLabel: Localized;
  guideline: string | null;
  year: number | null;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
  resultCount: number;
  categories: Record<string, number> | null;
}

export interface BatchPreviewRow {
  isolate: string;
  specimenNumber: string;
  patientId: string;
  organism: string;
  organismName: string;
  organismZh: string;
  column: string;
  antibiotic: string;
  antibioticName: string;
  antibioticZh: string;
  method: string;
  value: string;
  category: string;
  originalCategory: string;
  breakpoint: string;
  reason: Localized;
}

/** Genome-predicted vs measured, per drug (issue 25's Lab link). */
export type GenomeVerdict = 'agree' | 'very-major' | 'major' | 'minor' | 'not-comparable';

export interface GenomeCounts {
  compared: number;
  agree: number;
  veryMajor: number;
  major: number;
  minor: number;
  notComparable: number;
}

export interface GenomeComparison {
  taskId: string;
  status: 'linked' | 'missing';
  fileName: string | null;
  species: string | null;
  headline: string | null;
  drugs: Array<{
    drug: string;
    drugName: string;
    drugNameZh: string | null;
    value: string;
    measured: string;
    predicted: 'R' | 'S' | 'uncertain' | null;
    evidence: string;
    rule: string;
    verdict: GenomeVerdict;
    reason: Localized;
    checks: Localized[];
  }>;
  counts: GenomeCounts;
}

/** One of the user's finished genome identifications, as the form offers them. */
export interface GenomeTaskChoice {
  id: string;
  fileName: string | null;
  createdAt: string;
  call: { name?: string | null } | null;
  summary?: { headline?: string | null; sampleName?: string } | null;
}

export interface ExperimentDetail extends ExperimentItem {
  organismMatch: { kind: string; matched: string; similarity: number } | null;
  results: ResultItem[];
  rules: Array<{ source: string; rule: string; description: Localized; changed: string[]; inferred: string[] }>;
  /** What the results call for next (CRE, MRSA…), each with its next step. */
  alerts: Array<{ id: string; title: Localized; nextStep: Localized; drugs: string[]; source: string }>;
  /** The isolate tests entered with the experiment. */
  tests: IsolateTests;
  /** false when the experiment was interpreted without the expert rules. */
  expertRules: boolean;
  batch: {
    fileName: string;
    format: string;
    isolates: number;
    results: number;
    problems: number;
    preview: BatchPreviewRow[];
    /** Genome-predicted vs measured over the isolates whose genome_task column named a task (null: none). */
    genome?: (GenomeCounts & { isolates: number; unlinked: number }) | null;
  } | null;
  /** The linked genome task's prediction against the measured results (null: no task named). */
  genome?: GenomeComparison | null;
}

export interface Page<T> {
  total: number;
  page: number;
  pageSize: number;
  list: T[];
}

export interface ResultInput {
  antibiotic: string;
  value: string;
  potency?: string;
}

export interface ExperimentInput {
  sampleName: string;
  sampleType: string;
  organism: string;
  method: string;
  site: string;
  guideline: string;
  year: number | undefined;
  results: ResultInput[];
  tests: IsolateTests;
  expertRules: boolean;
  /** Optional context for the cumulative antibiogram. */
  patientId?: string;
  specimenNumber?: string;
  collectionDate?: string;
  ward?: string;
  setting?: string;
  /** The genome identification task of the same isolate. */
  genomeTaskId?: string;
}

export interface HistoryQuery {
  page: number;
  pageSize: number;
  status?: ExperimentStatus;
  kind?: 'single' | 'batch';
  organism?: string;
  from?: string;
  to?: string;
}

/** One experiment read again under another year of its guideline (GET …/reread). */
export interface RereadResult {
  guideline: string | null;
  year: number | null;
  otherYear: number;
  differences: number;
  results: Array<{ antibiotic: string; value: string; category: string | null; otherCategory: string | null; otherBreakpoint: string; differs: boolean }>;
}

export const labApi = {
  options: (options?: RequestOptions) => api.get<LabOptions>('/api/lab/options', undefined, options),
  organisms: (q: string, signal: AbortSignal) =>
    api.get<OrganismSuggestion[]>('/api/lab/organisms', { q }, { silent: true, progress: false, signal }),
  antibiotics: (params: { organism: string; method: string; guideline: string; year?: number; site?: string }) =>
    api.get<DrugProposals>('/api/lab/antibiotics', params as Record<string, unknown>),
  /** Results and tests go as JSON fields: the client sends form bodies, which have no nested objects. */
  create: (input: ExperimentInput) =>
    api.post<{ id: string; number: number; status: 'running' }>(
      '/api/lab/experiments',
      { ...input, results: JSON.stringify(input.results), tests: JSON.stringify(input.tests), expertRules: String(input.expertRules) },
      { toast: false },
    ),
  detail: (id: string, options?: RequestOptions) => api.get<ExperimentDetail>(`/api/lab/experiments/${id}`, undefined, options),
  reread: (id: string, year: number) => api.get<RereadResult>(`/api/lab/experiments/${id}/reread`, { year }, { toast: false }),
  list: (query: HistoryQuery) => api.get<Page<ExperimentItem>>('/api/lab/experiments', query as unknown as Record<string, unknown>),
  /** The user's finished genome identifications, newest first, for the form's genome link. */
  genomeTasks: () =>
    api.get<Page<GenomeTaskChoice>>('/api/blast/tasks', { method: 'genome', status: 'done', pageSize: 50 }, { toast: false, progress: false, silent: true }),
  remove: (id: string) => api.post<{ id: string }>(`/api/lab/experiments/${id}/delete`, {}),
  /** Multipart upload: the HTTP client leaves FormData bodies as they are. */
  async uploadBatch(file: File, guideline: string | undefined, expertRules = true): Promise<Envelope<{ id: string; number: number; status: string; format: string; isolates: number }>> {
    const form = new FormData();
    if (guideline) form.append('guideline', guideline);
    form.append('expertRules', String(expertRules));
    form.append('file', file, file.name);
    const response = await http.post('/api/lab/batches', form, { timeout: 120_000 });
    return response.data as Envelope<{ id: string; number: number; status: string; format: string; isolates: number }>;
  },
};

/**
 * Downloads a file from an authenticated endpoint: the token travels in a header, so a plain link
 * cannot carry it; the answer is fetched as a blob and handed to the browser as a download.
 */
export async function downloadFile(url: string, params: Record<string, string>, fallbackName: string): Promise<{ ok: true } | { ok: false; message: string | null }> {
  const response = await http.get(url, { params, responseType: 'blob', timeout: 120_000 });
  const blob = response.data as Blob;
  if (response.status !== 200) {
    try {
      const envelope = JSON.parse(await blob.text()) as Envelope;
      return { ok: false, message: envelope.msg };
    } catch {
      return { ok: false, message: null };
    }
  }
  const disposition = String(response.headers['content-disposition'] ?? '');
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const name = utf8 ? decodeURIComponent(utf8) : (plain ?? fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return { ok: true };
}
